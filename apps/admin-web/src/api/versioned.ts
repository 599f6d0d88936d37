/**
 * A record as one GET answered it: what the console reads from it, the version tag to send back
 * as `If-Match` when saving an edit of it, and the representation as sent (to show what changed
 * between two versions).
 */
export interface Versioned<T> {
  record: T;
  /** The record's strong `ETag`; null when the server sent none (then writes are unconditional). */
  etag: string | null;
  /** The representation as the server sent it: a JSON body, or a document's text. */
  representation: unknown;
}
