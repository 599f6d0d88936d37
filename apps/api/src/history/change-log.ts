import { catalogVersion } from '../database/catalog-version';
import { CatalogDb } from '../database/catalog-db';
import { Injectable } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import { EntityManager } from 'typeorm';
import type { ChangeKind, ChangeOperation, RawRow } from './change-kinds';

/** A committed change without its representations, as the event stream sends it. */
export interface ChangeEvent {
  seq: string;
  time: Date;
  user: string | null;
  operation: ChangeOperation;
  kind: ChangeKind;
  resource: string | null;
  request: string | null;
}

/** A committed change as the history keeps it: the record's rows before and after. */
export interface StoredChange extends ChangeEvent {
  record_id: number;
  raw_before: RawRow | null;
  raw_after: RawRow | null;
}

/** What `GET /rest/changes` selects; `olderThan` pages towards the oldest. */
export interface ChangeQuery {
  since?: string;
  olderThan?: string;
  resource?: string;
  user?: string;
  limit: number;
}

const EVENT_COLUMNS = `seq::text AS seq, time, user_name AS "user", operation, kind, resource, request`;
const COLUMNS = `${EVENT_COLUMNS}, record_id, raw_before, raw_after`;

/** `resource` as a LIKE pattern for what lies below it: `%`, `_` and `\` taken literally. */
function below(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
}

/** Reads the committed history. */
@Injectable()
export class ChangeLog {
  constructor(private readonly db: CatalogDb) {}

  /** Newest first; `since` and `olderThan` are exclusive bounds. */
  async list(q: ChangeQuery): Promise<StoredChange[]> {
    const where = ['true'];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.since !== undefined) where.push(`seq > ${param(q.since)}`);
    if (q.olderThan !== undefined) where.push(`seq < ${param(q.olderThan)}`);
    if (q.user !== undefined) where.push(`user_name = ${param(q.user)}`);
    if (q.resource !== undefined) {
      const prefix = q.resource.replace(/\/+$/, '');
      where.push(`(resource = ${param(prefix)} OR resource LIKE ${param(below(prefix))})`);
    }
    return this.db.query(`SELECT ${COLUMNS} FROM catalog_change c WHERE ${where.join(' AND ')} ORDER BY c.seq DESC LIMIT ${param(q.limit)}`, params);
  }

  /**
   * Newest first, only the changes `keep` accepts, reading at most `scan` changes: a page of up to
   * `q.limit` and, when more may follow, the number the next page reads below (`olderThan`).
   */
  async listKept(q: ChangeQuery, keep: (c: ChangeEvent) => boolean, scan: number): Promise<{ changes: StoredChange[]; olderThan?: string }> {
    const kept: StoredChange[] = [];
    let olderThan = q.olderThan;
    let scanned = 0;
    while (kept.length < q.limit) {
      const step = Math.min(Math.max(q.limit, 200), scan - scanned);
      if (step <= 0) return { changes: kept, olderThan };
      const page = await this.list({ ...q, olderThan, limit: step });
      scanned += page.length;
      for (const c of page) {
        olderThan = c.seq;
        if (!keep(c)) continue;
        kept.push(c);
        if (kept.length === q.limit) return { changes: kept, olderThan };
      }
      if (page.length < step) return { changes: kept };
    }
    return { changes: kept, olderThan };
  }

  /** The kind and path of every change of the request that made change `seq` (what its revert writes). */
  requestOf(seq: string): Promise<Array<Pick<ChangeEvent, 'kind' | 'resource'>>> {
    return this.db.query(
      `SELECT c.kind, c.resource FROM catalog_request_bounds($1) b, catalog_change c WHERE c.seq BETWEEN b.first AND b.last AND c.kind <> 'namespace'`,
      [seq],
    );
  }

  /** Oldest first, after `since`, without the representations: what event streams carry. */
  after(since: string, limit: number): Promise<ChangeEvent[]> {
    return this.db.query(`SELECT ${EVENT_COLUMNS} FROM catalog_change c WHERE seq > $1 ORDER BY c.seq LIMIT $2`, [since, limit]);
  }

  /**
   * The number a replay starts after when it may reach back only `windowMs`: just before the
   * first change made within that time, or the latest when there is none.
   */
  async replayFloor(windowMs: number): Promise<string> {
    const [row]: Array<{ floor: string }> = await this.db.query(
      `SELECT COALESCE((SELECT seq - 1 FROM catalog_change WHERE time > now() - $1 * interval '1 millisecond' ORDER BY time, seq LIMIT 1),
                       (SELECT max(seq) FROM catalog_change), 0)::text AS floor`,
      [windowMs],
    );
    return row.floor;
  }

  /** The highest number given so far ('0' before the first change). */
  latest(): Promise<string> {
    return catalogVersion(this.db);
  }

  /** One change; 404 when there is none with that number. */
  async get(seq: string, manager: EntityManager = this.db.manager): Promise<StoredChange> {
    const rows: StoredChange[] = /^\d{1,18}$/.test(seq) ? await manager.query(`SELECT ${COLUMNS} FROM catalog_change c WHERE seq = $1`, [seq]) : [];
    if (!rows.length) throw new CatalogError('NOT_FOUND', `No such change: ${seq}`);
    return rows[0];
  }
}
