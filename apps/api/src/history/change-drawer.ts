import { Injectable, Logger } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import type { ChangeKind, RawRow } from './change-kinds';
import type { ChangeEvent, StoredChange } from './change-log';
import { drawRecord } from './change-render';

/** A change as the history answers it: with the record's JSON representation before and after. */
export interface Change extends ChangeEvent {
  before: unknown;
  after: unknown;
}

/**
 * Draws the representations of stored changes when the history is read: the record's own rows
 * before and after the change, and the records it names (workspace, store, styles) as they were
 * then — before the change's request for `before`, after it for `after` (`catalog_as_of`). So a
 * data store's change shows the workspace name it had at the time, even after a later rename.
 */
@Injectable()
export class ChangeDrawer {
  private readonly logger = new Logger('History');

  constructor(private readonly db: CatalogDb) {}

  async draw(changes: StoredChange[], restBase: string): Promise<Change[]> {
    const bounds = new Map<string, Promise<{ first: string; last: string }>>();
    const rows = new Map<string, Promise<RawRow | null>>();
    const boundsOf = (c: StoredChange) => {
      const key = c.request ?? `#${c.seq}`;
      let b = bounds.get(key);
      if (!b) {
        b = this.db
          .query<{ first: string; last: string }>(`SELECT first::text, last::text FROM catalog_request_bounds($1)`, [c.seq])
          .then((r) => r[0] ?? { first: c.seq, last: c.seq });
        bounds.set(key, b);
      }
      return b;
    };
    const asOf = (point: string) => (kind: ChangeKind, id: number) => {
      const key = `${kind}/${id}@${point}`;
      let row = rows.get(key);
      if (!row) {
        row = this.db.query<{ row: RawRow | null }>(`SELECT catalog_as_of($1, $2, $3) AS row`, [kind, id, point]).then((r) => r[0].row);
        rows.set(key, row);
      }
      return row;
    };
    const out: Change[] = [];
    for (const c of changes) {
      const { first, last } = await boundsOf(c);
      const own = (raw: RawRow | null, point: string) => (kind: ChangeKind, id: number) =>
        kind === c.kind && id === c.record_id ? Promise.resolve(raw) : asOf(point)(kind, id);
      const before = c.raw_before ? await this.drawOne(c, c.raw_before, own(c.raw_before, String(BigInt(first) - 1n)), restBase) : null;
      const after = c.raw_after ? await this.drawOne(c, c.raw_after, own(c.raw_after, last), restBase) : null;
      out.push({ seq: c.seq, time: c.time, user: c.user, operation: c.operation, kind: c.kind, resource: c.resource, request: c.request, before, after });
    }
    return out;
  }

  /** A representation that cannot be drawn (a record it names is gone from the history) is null. */
  private async drawOne(c: StoredChange, raw: RawRow, rows: (kind: ChangeKind, id: number) => Promise<RawRow | null>, restBase: string): Promise<unknown> {
    try {
      return (await drawRecord(this.db.manager, c.kind, raw, rows, restBase)) ?? null;
    } catch (err) {
      this.logger.warn(`Change ${c.seq} (${c.kind}) drawn without its representation: ${(err as Error).message}`);
      return null;
    }
  }
}
