import { Readable } from 'node:stream';
import type { FeatureCursor } from '../datastores/postgis/feature-cursor';
import type { Link } from './features-links';

/**
 * Largest chunk written, in characters. Strings and buffers this small are allocated in V8's young
 * generation and collected as soon as they are written, where bigger ones would wait for a full
 * collection and make the process grow with the size of the page.
 */
export const CHUNK_CHARS = 32 * 1024;

/** What the stream needs to know about the page besides its features. */
export interface PageFrame {
  /** Features to write at most; the cursor selects one more to tell whether a next page exists. */
  limit: number;
  offset: number;
  /** `timeStamp` of the response. */
  timeStamp: string;
  /** The page's links, once it is known whether a next page exists. */
  links(more: boolean): Link[];
  /** The size of the whole selection, when counted (see {@link numberMatched}). */
  matched?: number;
}

/**
 * A GeoJSON FeatureCollection written as the cursor yields features, in chunks of at most
 * {@link CHUNK_CHARS} (or one feature, when it is bigger); the next
 * batch fetched only when the consumer (the HTTP response, through `pipe`) asks for more, so memory
 * holds one batch and the socket's buffers whatever the page size.
 *
 * The members that depend on the whole page come after `features` (JSON members are unordered):
 * `numberReturned`, `numberMatched`, `timeStamp`, `links` (with `next` when a row beyond the limit
 * came). `numberMatched` is exact when present: offset + returned when the selection ended within
 * this page, else the frame's count when the caller counted it; otherwise it is left out (optional
 * in OGC API - Features).
 * Destroying the stream (client gone) closes the cursor.
 */
export class FeatureCollectionStream extends Readable {
  private stage: 'head' | 'features' | 'tail' | 'done' = 'head';
  private returned = 0;
  private more = false;
  private busy = false;
  private wanted = false;

  constructor(
    private readonly cursor: FeatureCursor,
    private readonly frame: PageFrame,
  ) {
    super({ highWaterMark: 64 * 1024 });
  }

  override _read(): void {
    // Node may ask again while a step is still awaiting the cursor (a push inside a step can
    // trigger a read at once): remember it, and step again when this one is done.
    if (this.busy) {
      this.wanted = true;
      return;
    }
    this.busy = true;
    this.step().then(
      () => {
        this.busy = false;
        if (this.wanted) {
          this.wanted = false;
          this._read();
        }
      },
      (err: Error) => this.destroy(err),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.cursor.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** Pushes at least one chunk (or ends the stream). */
  private async step(): Promise<void> {
    for (;;) {
      if (this.destroyed) return;
      switch (this.stage) {
        case 'head':
          this.stage = 'features';
          this.push('{"type":"FeatureCollection","features":[');
          return;
        case 'features': {
          const batch = await this.cursor.next();
          if (this.destroyed) return;
          const take = Math.min(batch.length, this.frame.limit - this.returned);
          if (batch.length > take) this.more = true;
          // The page is over when the selection is (an empty batch) or a row beyond the limit came.
          if (batch.length === 0 || this.more) this.stage = 'tail';
          if (take > 0) {
            for (const chunk of chunks(batch, take, this.returned > 0)) this.push(chunk);
            this.returned += take;
            return;
          }
          continue;
        }
        case 'tail': {
          await this.cursor.close();
          if (this.destroyed) return;
          this.stage = 'done';
          this.push(pageTail(this.frame, this.returned, this.more));
          this.push(null);
          return;
        }
        case 'done':
          return;
      }
    }
  }
}

/**
 * A whole page as one text, from its rows (the page's limit + 1 at most, as the SQL selects), with
 * the same members as {@link FeatureCollectionStream} writes: for pages read at once, sent in one
 * write with a length rather than streamed.
 */
export function featureCollectionText(rows: string[], frame: PageFrame): string {
  const take = Math.min(rows.length, frame.limit);
  return `{"type":"FeatureCollection","features":[${rows.slice(0, take).join(',')}${pageTail(frame, take, rows.length > take)}`;
}

/** What follows the features: `],"numberReturned":…}`, to the end of the document. */
function pageTail(frame: PageFrame, returned: number, more: boolean): string {
  const members = [`"numberReturned":${returned}`];
  const matched = frame.matched ?? numberMatched(frame.offset, returned, more);
  if (matched !== null) members.push(`"numberMatched":${matched}`);
  members.push(`"timeStamp":${JSON.stringify(frame.timeStamp)}`, `"links":${JSON.stringify(frame.links(more))}`);
  return `],${members.join(',')}}`;
}

/**
 * offset + returned when the selection ended within this page; null when only a count would tell:
 * a full page with more to come, or an empty page past the end (where does the selection end?).
 */
function numberMatched(offset: number, returned: number, more: boolean): number | null {
  return !more && (returned > 0 || offset === 0) ? offset + returned : null;
}

/** The first `take` features of a batch as comma-separated chunks of about {@link CHUNK_CHARS}. */
export function chunks(batch: string[], take: number, leadingComma: boolean): string[] {
  const out: string[] = [];
  let parts: string[] = [];
  let size = 0;
  for (let i = 0; i < take; i++) {
    const text = (i > 0 || leadingComma ? ',' : '') + batch[i];
    if (size > 0 && size + text.length > CHUNK_CHARS) {
      out.push(parts.join(''));
      parts = [];
      size = 0;
    }
    parts.push(text);
    size += text.length;
  }
  if (parts.length) out.push(parts.join(''));
  return out;
}
