import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { beforeCommit } from '../database/commit-hooks';
import type { ChangeKind, ChangeOperation, RawRow } from './change-kinds';
import { changeUser, currentChange } from './change-context';
import { drawRecord, Drawn } from './change-render';

interface Pending {
  id: string;
  kind: ChangeKind;
  operation: ChangeOperation;
  record_id: number;
  raw_before: RawRow | null;
  raw_after: RawRow | null;
}

/**
 * Completes the changes the database noted in a transaction (see the history migration) and
 * moves them into the history, just before it commits: who made them, in which request, which
 * resource, and the record's JSON representation before and after. Related records are drawn as they were at that moment: before
 * a change from what this transaction found them to be, after it from what they are now.
 */
@Injectable()
export class ChangeRecorder {
  private readonly logger = new Logger('History');
  private readonly fallbackBase: string;

  constructor(@InjectDataSource() db: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.fallbackBase = `http://localhost:${config.port}${config.contextPath}/rest`;
    beforeCommit(db, (tx) => this.complete(tx));
  }

  private async complete(tx: EntityManager): Promise<void> {
    const pending: Pending[] = await tx.query(
      `SELECT id, kind, operation, record_id, raw_before, catalog_current(kind, record_id) AS raw_after
         FROM catalog_change_pending ORDER BY id`,
    );
    if (!pending.length) return;
    const context = currentChange();
    const restBase = context.http?.rest?.restBase ?? this.fallbackBase;
    const noted = new Map(pending.map((p) => [`${p.kind}/${p.record_id}`, p]));
    const current = new Map<string, Promise<RawRow | null>>();
    const now = (kind: ChangeKind, id: number): Promise<RawRow | null> => {
      const key = `${kind}/${id}`;
      const known = noted.get(key);
      if (known) return Promise.resolve(known.raw_after);
      let row = current.get(key);
      if (!row) {
        row = tx.query(`SELECT catalog_current($1, $2) AS row`, [kind, id]).then((r: Array<{ row: RawRow | null }>) => r[0].row);
        current.set(key, row);
      }
      return row;
    };
    const then = (kind: ChangeKind, id: number): Promise<RawRow | null> => {
      const known = noted.get(`${kind}/${id}`);
      if (known) return Promise.resolve(known.operation === 'create' ? null : known.raw_before);
      return now(kind, id);
    };
    const done: Array<{ id: string; resource: string | null; before: unknown; after: unknown }> = [];
    for (const p of pending) {
      const before = p.raw_before ? await this.draw(tx, p, p.raw_before, then, restBase) : null;
      const after = p.raw_after ? await this.draw(tx, p, p.raw_after, now, restBase) : null;
      done.push({ id: p.id, resource: (after ?? before)?.resource ?? null, before: before?.representation ?? null, after: after?.representation ?? null });
    }
    await tx.query(`SELECT catalog_commit_changes($1::jsonb, $2, $3)`, [JSON.stringify(done), changeUser(context), context.request]);
  }

  /** A representation that cannot be drawn leaves the change without it; the write goes on. */
  private async draw(
    tx: EntityManager,
    p: Pending,
    raw: RawRow,
    rows: (k: ChangeKind, id: number) => Promise<RawRow | null>,
    restBase: string,
  ): Promise<Drawn | null> {
    try {
      return await drawRecord(tx, p.kind, raw, rows, restBase);
    } catch (err) {
      this.logger.warn(`Change ${p.operation} of ${p.kind} ${p.record_id} kept without its representation: ${(err as Error).message}`);
      return null;
    }
  }
}
