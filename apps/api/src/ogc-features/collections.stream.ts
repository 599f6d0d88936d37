import type { CollectionInfo } from './features-documents';
import type { Link } from './features-links';

/** Text chunks up to about this many characters: young-generation strings, written as they fill. */
const CHUNK_CHARS = 32 * 1024;

/**
 * `/collections` as JSON text, `{"links": links, "collections": [describe(c), …]}` over the whole
 * list, written a page of collections at a time (the feature and the tile API each describe a
 * collection their way). `first` is the first page, already read (a failing catalog is an error
 * status); each page goes out before the next is awaited.
 */
export async function* collectionsText(
  links: Link[],
  describe: (c: CollectionInfo) => object,
  first: CollectionInfo[],
  rest: AsyncIterator<CollectionInfo[]>,
): AsyncGenerator<string> {
  let buffer = `{"links":${JSON.stringify(links)},"collections":[`;
  let written = 0;
  let page: CollectionInfo[] | undefined = first;
  while (page) {
    for (const c of page) {
      buffer += (written++ ? ',' : '') + JSON.stringify(describe(c));
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) {
      yield buffer;
      buffer = '';
    }
    const next = await rest.next();
    page = next.done ? undefined : next.value;
  }
  yield ']}';
}
