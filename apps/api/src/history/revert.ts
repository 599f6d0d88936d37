import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CatalogError } from '@geocatalog/catalog-model';
import { DataSource, EntityManager } from 'typeorm';
import { anAdminRemains } from '../auth/last-admin';
import { foreignKeyViolation, integrityViolation, nameTaken } from '../database/pg-errors';
import { ChangeKind, ChangeOperation, KIND_TABLES, RawRow } from './change-kinds';
import { ChangeLog } from './change-log';

interface Undone {
  seq: string;
  kind: ChangeKind;
  operation: ChangeOperation;
  record_id: number;
  resource: string | null;
  raw_before: RawRow | null;
}

/** The order in which deleted records come back: what others point to first. */
const RESTORE_ORDER: ChangeKind[] = ['workspace', 'style', 'dataStore', 'featureType', 'layer', 'user'];
/** Keys of a history row that are not columns of its table. */
const NOT_COLUMNS = new Set(['version', 'style_ids', 'roles']);
const COLUMN = /^[a-z_][a-z0-9_]*$/;

/** What a revert did: the data stores it touched (their pools are to be closed) and its changes' request. */
export interface Reverted {
  storeIds: number[];
  /** Whether it touched users (cached credentials and sessions are then stale). */
  users: boolean;
}

/**
 * `POST /rest/changes/{seq}/revert` (contract §7): undoes the request that made change `seq`,
 * every record it touched, as one new write (recorded with changes of its own). A create is
 * undone by deleting, a delete by re-creating the record as it was (a style with its SLD bytes,
 * a layer with its alternate styles, a user with its password hash and roles), an update by
 * putting the record's columns back. A record changed by a later request is a 409 unless `force`.
 */
@Injectable()
export class ChangeReverter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly log: ChangeLog,
  ) {}

  async revert(seq: string, force: boolean): Promise<Reverted> {
    return this.db.transaction(async (tx) => {
      const target = await this.log.get(seq, tx);
      // The changes of the request that made it: consecutive numbers, one commit.
      const undone: Undone[] = await tx.query(
        `SELECT c.seq::text AS seq, c.kind, c.operation, c.record_id, c.resource, c.raw_before
           FROM catalog_request_bounds($1) b, catalog_change c
          WHERE c.seq BETWEEN b.first AND b.last AND c.kind <> 'namespace' ORDER BY c.seq`,
        [target.seq],
      );
      for (const u of undone) await tx.query(`SELECT 1 FROM ${KIND_TABLES[u.kind]} WHERE id = $1 FOR UPDATE`, [u.record_id]);
      if (!force) await this.refuseIfChangedSince(tx, undone, seq);
      try {
        for (const u of [...undone].reverse()) if (u.operation === 'create') await this.remove(tx, u);
        const deleted = undone.filter((u) => u.operation === 'delete');
        for (const kind of RESTORE_ORDER) for (const u of deleted) if (u.kind === kind) await this.restore(tx, u);
        for (const u of [...undone].reverse()) if (u.operation === 'update') await this.restore(tx, u);
      } catch (err) {
        const taken = nameTaken(err, () => `Cannot revert change ${seq}: a record it would bring back has a name that is taken now`);
        if (taken !== err) throw taken;
        if (foreignKeyViolation(err) || integrityViolation(err)) {
          throw new CatalogError(
            'CONFLICT',
            `Cannot revert change ${seq}: the records it would bring back or remove no longer fit the catalog (${(err as Error).message})`,
          );
        }
        throw err;
      }
      if (undone.some((u) => u.kind === 'user')) await anAdminRemains(tx);
      return { storeIds: undone.filter((u) => u.kind === 'dataStore').map((u) => u.record_id), users: undone.some((u) => u.kind === 'user') };
    });
  }

  private async refuseIfChangedSince(tx: EntityManager, undone: Undone[], seq: string): Promise<void> {
    if (!undone.length) return;
    const last = undone[undone.length - 1].seq;
    const later: Array<{ seq: string; resource: string | null; user: string | null }> = await tx.query(
      `SELECT c.seq::text AS seq, c.resource, c.user_name AS "user" FROM catalog_change c
         JOIN unnest($2::text[], $3::int[]) AS r(kind, record_id) ON c.kind = r.kind AND c.record_id = r.record_id
        WHERE c.seq > $1 ORDER BY c.seq LIMIT 1`,
      [last, undone.map((u) => u.kind), undone.map((u) => u.record_id)],
    );
    if (!later.length) return;
    const l = later[0];
    throw new CatalogError(
      'CONFLICT',
      `Cannot revert change ${seq}: ${l.resource ?? 'a record it touched'} changed after it (change ${l.seq}${l.user ? ` by ${l.user}` : ''}). ` +
        'Revert with ?force=true to overwrite that change.',
    );
  }

  private async remove(tx: EntityManager, u: Undone): Promise<void> {
    await tx.query(`DELETE FROM ${KIND_TABLES[u.kind]} WHERE id = $1`, [u.record_id]);
  }

  /** Puts the record's row back as it was before the change: re-created, or its columns restored. */
  private async restore(tx: EntityManager, u: Undone): Promise<void> {
    const raw = u.raw_before;
    if (!raw) return;
    const table = KIND_TABLES[u.kind];
    const columns = Object.keys(raw).filter((c) => !NOT_COLUMNS.has(c));
    if (!columns.every((c) => COLUMN.test(c))) throw new Error(`History row of ${u.kind} ${u.record_id} names an unexpected column`);
    const list = columns.map((c) => `"${c}"`).join(', ');
    const set = columns.filter((c) => c !== 'id').map((c) => `"${c}" = EXCLUDED."${c}"`);
    await tx.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${table}, $1::jsonb)
         ON CONFLICT (id) DO ${set.length ? `UPDATE SET ${set.join(', ')}` : 'NOTHING'}`,
      [JSON.stringify(raw)],
    );
    if (u.kind === 'layer') {
      await tx.query(`DELETE FROM layer_style WHERE layer_id = $1`, [u.record_id]);
      await tx.query(
        `INSERT INTO layer_style (layer_id, style_id, position)
           SELECT $1, value::integer, ordinality - 1 FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY`,
        [u.record_id, JSON.stringify(raw.style_ids ?? [])],
      );
    }
    if (u.kind === 'user') {
      await tx.query(`DELETE FROM user_role WHERE user_id = $1`, [u.record_id]);
      await tx.query(`INSERT INTO user_role (user_id, role) SELECT $1, value FROM jsonb_array_elements_text($2::jsonb)`, [
        u.record_id,
        JSON.stringify(raw.roles ?? []),
      ]);
    }
  }
}
