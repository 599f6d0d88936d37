import * as pg from 'pg';
import type { Connection, Submittable } from 'pg';

/** pg's own mapping of a parameter to its wire text (what `client.query` binds with). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/** The driver's extended-protocol writes this read makes (`pg/lib/connection.js`). */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string }): void;
  bind(message: { values?: unknown[]; valueMapper?: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** How a column's text is read (pg's own type parsers, as `client.query` reads it). */
export type ColumnParser = (text: string) => unknown;

/** What one read of a portal gave: its rows (columns in order) and whether the portal has more. */
export interface PortalBatch {
  rows: unknown[][];
  more: boolean;
  /** The columns' parsers (from the first read: later reads of the same portal take them). */
  parsers: ColumnParser[];
}

/**
 * One round trip of the extended protocol on the unnamed portal, written as one packet and
 * ended by Sync:
 * - the first read (`select` given): `BEGIN` (the transaction keeps the portal alive across Sync),
 *   Parse/Bind/Describe of the SELECT, and Execute of at most `rows` rows;
 * - a later read: Execute of the next `rows` rows of the same portal.
 *
 * What `DECLARE … CURSOR` then `FETCH` did in three round trips, in one; the caller ends the
 * transaction (ROLLBACK) when done — unless the first read was given `end` (`COMMIT`): then the
 * transaction ends in the same packet, after the batch, and a read whose rows all fit in it is
 * one round trip in all; had the portal more rows (`more`), they went with it (read again).
 * Submitted with `client.query(read)`; `read.result` settles with the rows, or the error
 * PostgreSQL (or the driver) reported (the statements after it, `end` too, are skipped).
 */
export class PortalRead implements Submittable {
  readonly result: Promise<PortalBatch>;
  /** Set by the driver when it times the read (query_timeout): told when the read ends. */
  callback?: (err: Error | null) => void;
  private readonly rows: unknown[][] = [];
  private parsers: ColumnParser[];
  private suspended = false;
  private settled = false;
  private resolve!: (batch: PortalBatch) => void;
  private reject!: (err: Error) => void;

  constructor(
    private readonly limit: number,
    private readonly first?: { begin: string; text: string; params: unknown[]; end?: string },
    parsers: ColumnParser[] = [],
  ) {
    this.parsers = parsers;
    this.result = new Promise<PortalBatch>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Its outcome is read by whoever awaits `result`; never an unhandled rejection.
    this.result.catch(() => undefined);
  }

  submit(connection: Connection): void {
    const wire = connection as unknown as Wire;
    // Corked: the messages leave as one packet.
    wire.stream.cork?.();
    try {
      const first = this.first;
      if (first) {
        wire.parse({ text: first.begin });
        wire.bind({});
        wire.execute({ portal: '', rows: 0 });
        wire.parse({ text: first.text });
        wire.bind({ values: first.params, valueMapper: prepareValue });
        wire.describe({ type: 'P', name: '' });
      }
      wire.execute({ portal: '', rows: this.limit });
      if (first?.end) {
        wire.parse({ text: first.end });
        wire.bind({});
        wire.execute({ portal: '', rows: 0 });
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: Array<{ dataTypeID: number; format: string }> }): void {
    this.parsers = msg.fields.map((f) => pg.types.getTypeParser(f.dataTypeID, f.format as 'text') as ColumnParser);
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    const fields = msg.fields;
    const row: unknown[] = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i];
      row[i] = v === null ? null : this.parsers[i](v);
    }
    this.rows.push(row);
  }

  handlePortalSuspended(): void {
    this.suspended = true;
  }

  handleCommandComplete(): void {
    // BEGIN's, the SELECT's last rows, or `end`'s: ReadyForQuery follows.
  }

  handleEmptyQuery(): void {
    // never sent
  }

  handleCopyInResponse(connection: Connection): void {
    (connection as unknown as Wire).sendCopyFail('No COPY here');
  }

  handleCopyData(): void {
    // never sent
  }

  /** After an error the driver forgets this read (its ReadyForQuery is nobody's): it settles now. */
  handleError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
    this.callback?.(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve({ rows: this.rows, more: this.suspended, parsers: this.parsers });
    this.callback?.(null);
  }
}
