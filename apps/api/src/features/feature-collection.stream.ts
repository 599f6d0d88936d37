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
}

/**
 * A GeoJSON FeatureCollection written as the cursor yields features, in chunks of at most
 * {@link CHUNK_CHARS} (or one feature, when it is bigger); the next
 * batch fetched only when the consumer (the HTTP response, through `pipe`) asks for more, so memory
 * holds one batch and the socket's buffers whatever the page size.
 *
 * The members that depend on the whole page come after `features` (JSON members are unordered):
 * `numberReturned`, `numberMatched`, `timeStamp`, `links` (with `next` when a row beyond the limit
 * came). `numberMatched` is known without counting when the selection ended within this page
 * (offset + returned); otherwise the cursor counts, in the same snapshot, and it is left out when
 * counting takes too long. Destroying the stream (client gone) closes the cursor.
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
          const matched = await this.numberMatched();
          await this.cursor.close();
          if (this.destroyed) return;
          this.stage = 'done';
          const members = [`"numberReturned":${this.returned}`];
          if (matched !== null) members.push(`"numberMatched":${matched}`);
          members.push(`"timeStamp":${JSON.stringify(this.frame.timeStamp)}`, `"links":${JSON.stringify(this.frame.links(this.more))}`);
          this.push(`],${members.join(',')}}`);
          this.push(null);
          return;
        }
        case 'done':
          return;
      }
    }
  }

  private async numberMatched(): Promise<number | null> {
    const { offset } = this.frame;
    if (!this.more && (this.returned > 0 || offset === 0)) return offset + this.returned;
    // A full page with more to come, or an offset past the end: only a count tells.
    return this.cursor.count();
  }
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
