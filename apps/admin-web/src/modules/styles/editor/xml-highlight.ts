/**
 * A small XML tokenizer for syntax highlighting: it never fails and never drops a character, so
 * the concatenated token texts are always exactly the input (the highlighted layer must line up
 * with the textarea over it). Broken markup is still tokenized as far as it looks like markup.
 */

export type XmlTokenKind = 'text' | 'comment' | 'cdata' | 'pi' | 'doctype' | 'punct' | 'tag' | 'attr' | 'value' | 'entity';

export interface XmlToken {
  kind: XmlTokenKind;
  text: string;
}

const NAME = /[^\s<>/=?!"']+/y;

export function tokenizeXml(input: string): XmlToken[] {
  const tokens: XmlToken[] = [];
  const push = (kind: XmlTokenKind, text: string) => {
    if (!text) return;
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind && kind === 'text') last.text += text;
    else tokens.push({ kind, text });
  };
  let i = 0;
  const n = input.length;

  const until = (end: string, from: number): number => {
    const at = input.indexOf(end, from);
    return at < 0 ? n : at + end.length;
  };

  while (i < n) {
    if (input.startsWith('<!--', i)) {
      const end = until('-->', i + 4);
      push('comment', input.slice(i, end));
      i = end;
    } else if (input.startsWith('<![CDATA[', i)) {
      const end = until(']]>', i + 9);
      push('cdata', input.slice(i, end));
      i = end;
    } else if (input.startsWith('<?', i)) {
      const end = until('?>', i + 2);
      push('pi', input.slice(i, end));
      i = end;
    } else if (input.startsWith('<!', i)) {
      const end = until('>', i + 2);
      push('doctype', input.slice(i, end));
      i = end;
    } else if (input[i] === '<') {
      i = tag(input, i, push);
    } else if (input[i] === '&') {
      const match = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/y;
      match.lastIndex = i;
      const found = match.exec(input);
      if (found) {
        push('entity', found[0]);
        i += found[0].length;
      } else {
        push('text', '&');
        i++;
      }
    } else {
      let end = i;
      while (end < n && input[end] !== '<' && input[end] !== '&') end++;
      push('text', input.slice(i, end));
      i = end;
    }
  }
  return tokens;
}

/** A start or end tag from `<` up to and including `>` (or up to the next `<` when unclosed). */
function tag(input: string, start: number, push: (kind: XmlTokenKind, text: string) => void): number {
  const n = input.length;
  let i = start + 1;
  push('punct', input[i] === '/' ? '</' : '<');
  if (input[i] === '/') i++;
  NAME.lastIndex = i;
  const name = NAME.exec(input);
  if (name) {
    push('tag', name[0]);
    i += name[0].length;
  }
  while (i < n) {
    const c = input[i];
    if (c === '>') {
      push('punct', '>');
      return i + 1;
    }
    if (c === '/' && input[i + 1] === '>') {
      push('punct', '/>');
      return i + 2;
    }
    if (c === '<') return i;
    if (c === '"' || c === "'") {
      const close = input.indexOf(c, i + 1);
      const nextTag = input.indexOf('<', i + 1);
      const end = close < 0 || (nextTag >= 0 && nextTag < close) ? (nextTag < 0 ? n : nextTag) : close + 1;
      push('value', input.slice(i, end));
      i = end;
      continue;
    }
    if (c === '=') {
      push('punct', '=');
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      let end = i;
      while (end < n && /\s/.test(input[end])) end++;
      push('text', input.slice(i, end));
      i = end;
      continue;
    }
    NAME.lastIndex = i;
    const attr = NAME.exec(input);
    if (attr) {
      push('attr', attr[0]);
      i += attr[0].length;
    } else {
      push('text', c);
      i++;
    }
  }
  return i;
}

/** 0-based offset of a 1-based line and column in `text` (clamped into the text). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const end = lineEnd < 0 ? text.length : lineEnd;
  return Math.min(offset + Math.max(column - 1, 0), end);
}

/**
 * The range to underline for an issue at `offset`: to the end of the word or tag there, at least
 * one character; at the end of a line or the text, the character before.
 */
export function issueRange(text: string, offset: number): [number, number] {
  if (text.length === 0) return [0, 0];
  let start = Math.min(offset, text.length);
  if (start === text.length || text[start] === '\n') start = Math.max(0, start - 1);
  let end = start + 1;
  while (end < text.length && !/[\s<>]/.test(text[end]) && end - start < 40) end++;
  return [start, end];
}
