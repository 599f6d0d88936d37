import { Rep, toJettison } from '@geocatalog/catalog-model';
import { xmlElement } from './xml-writer';

/** How a list is written: its root and item element names, and its JSON layout. */
export interface ListShape {
  /** `layers` in `<layers><layer>…`. */
  root: string;
  /** `layer` in `<layers><layer>…`. */
  item: string;
  /**
   * json-lib's layout instead of Jettison's: `{"root":{"<jsonItem>":[…]}}` with the array there
   * even when empty (GeoServer's plain string lists).
   */
  jsonItem?: string;
}

/**
 * A list a handler returns as pages read one after the other (never the whole list at once): the
 * response writes each page as it comes, so memory holds a page whatever the size of the catalog.
 * `version` is the catalog's version when the list was asked for: it makes the list's weak ETag
 * without hashing a body that is not there yet.
 */
export class StreamedList {
  constructor(
    readonly shape: ListShape,
    readonly pages: AsyncIterable<Rep[]>,
    /** Undefined when the list is not the catalog's (a store's tables): no ETag then. */
    readonly version: string | undefined,
  ) {}
}

/** Text chunks up to about this many characters: young-generation strings, written as they fill. */
const CHUNK_CHARS = 32 * 1024;

/**
 * The list as text, byte for byte what `toXml`/`toJson` write for the same list held whole (the
 * empty list too: `<layers/>`, `{"layers":""}`). `first` is the first page, already read (so a
 * failing database is an error status, not a cut body); `rest` yields the following ones.
 * Chunks hold a page, or {@link CHUNK_CHARS} when a page is bigger.
 */
export async function* listText(shape: ListShape, format: 'xml' | 'json', first: Rep[], rest: AsyncIterator<Rep[]>): AsyncGenerator<string> {
  const xml = format === 'xml';
  let page: Rep[] | undefined = first;
  let written = 0;
  let buffer = '';
  while (page) {
    for (const item of page) {
      if (written === 0) buffer = xml ? `<${shape.root}>\n` : `{"${shape.root}":{"${shape.jsonItem ?? shape.item}":[`;
      else buffer += xml ? '\n' : ',';
      buffer += xml ? xmlElement(shape.item, item, 1) : JSON.stringify(toJettison(item));
      written++;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    // Each page goes out before the next is awaited: the status and the first bytes leave with
    // the first page, and a failure after that is a cut body, never a late status.
    if (buffer && written > 0) {
      yield buffer;
      buffer = '';
    }
    const next = await rest.next();
    page = next.done ? undefined : next.value;
  }
  if (written > 0) yield `${buffer}${xml ? `\n</${shape.root}>` : ']}}'}`;
  else if (xml) yield `<${shape.root}/>`;
  else yield shape.jsonItem ? `{"${shape.root}":{"${shape.jsonItem}":[]}}` : `{"${shape.root}":""}`;
}
