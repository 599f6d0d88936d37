/**
 * A minimal XML reader shaped like Python's ElementTree (`find`, `findall`, `text`, `attrib`), so
 * the gsconfig replay reads answers the way gsconfig does. For the server's own XML: no DTDs,
 * comments or processing instructions are expected (they are skipped), entities are the five
 * predefined ones and character references.
 */

export interface XmlElement {
  /** Qualified name as written (`atom:link`). */
  tag: string;
  attrib: Record<string, string>;
  /** The text of a leaf element (null when empty); null for elements with children. */
  text: string | null;
  children: XmlElement[];
}

function decode(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    if (e === 'amp') return '&';
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/** Parses a document; throws on anything not well-formed enough to build the tree. */
export function parseXml(text: string): XmlElement {
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let m: RegExpExecArray | null;
  while ((m = token.exec(text))) {
    const [, cdata, close, open, attrs, selfClose, chars] = m;
    const top = stack[stack.length - 1];
    if (open) {
      const attrib: Record<string, string> = {};
      for (const a of (attrs ?? '').matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrib[a[1]] = decode(a[2] ?? a[3] ?? '');
      const el: XmlElement = { tag: open, attrib, text: null, children: [] };
      if (top) top.children.push(el);
      else if (root) throw new Error('XML has more than one root element');
      else root = el;
      if (!selfClose) stack.push(el);
    } else if (close) {
      const el = stack.pop();
      if (!el || el.tag !== close) throw new Error(`XML: </${close}> closes <${el?.tag}>`);
    } else if ((chars !== undefined || cdata !== undefined) && top && top.children.length === 0) {
      const value = cdata ?? decode(chars!);
      top.text = (top.text ?? '') + value;
    }
  }
  if (!root || stack.length) throw new Error('XML is not well formed');
  // Only leaves keep their text: around children there is only the indentation.
  const dropIndentation = (el: XmlElement) => {
    if (el.children.length) el.text = null;
    el.children.forEach(dropIndentation);
  };
  dropIndentation(root);
  return root;
}

/** ElementTree `findall(path)`: children matching a `/`-separated path of tags. */
export function findAll(el: XmlElement, path: string): XmlElement[] {
  let current = [el];
  for (const step of path.split('/')) current = current.flatMap((c) => c.children.filter((k) => k.tag === step));
  return current;
}

/** ElementTree `find(path)`: the first match, or undefined. */
export function find(el: XmlElement, path: string): XmlElement | undefined {
  return findAll(el, path)[0];
}

/** ElementTree `findtext(path)`. */
export function findText(el: XmlElement, path: string): string | undefined {
  const found = find(el, path);
  return found ? (found.text ?? '') : undefined;
}

/** gsconfig's `atom_link`: the `href` of an element's `atom:link` child. */
export function atomHref(el: XmlElement | undefined): string | undefined {
  return el?.children.find((c) => c.tag === 'atom:link')?.attrib.href;
}
