import { MSG_READY_FOR_QUERY } from './wire-protocol';

/** Follows the framing of backend output across chunks: last message type and ReadyForQuery status. */
export class BackendScanner {
  private header = Buffer.alloc(5);
  private headerLen = 0;
  private remaining = 0;
  private type = 0;
  private bodyOffset = 0;
  /** Status byte of the last ReadyForQuery seen since {@link reset}, or null. */
  readyStatus: number | null = null;
  lastType = 0;

  reset(): void {
    this.readyStatus = null;
  }

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining === 0) {
        const n = Math.min(5 - this.headerLen, chunk.length - i);
        this.header.set(chunk.subarray(i, i + n), this.headerLen);
        this.headerLen += n;
        i += n;
        if (this.headerLen < 5) return;
        this.headerLen = 0;
        this.type = this.header[0];
        this.lastType = this.type;
        this.remaining = this.header.readInt32BE(1) - 4;
        this.bodyOffset = 0;
        if (this.remaining <= 0) this.remaining = 0;
        continue;
      }
      const n = Math.min(this.remaining, chunk.length - i);
      if (this.type === MSG_READY_FOR_QUERY && this.bodyOffset === 0) this.readyStatus = chunk[i];
      this.bodyOffset += n;
      this.remaining -= n;
      i += n;
    }
  }
}
