import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError } from '@geocatalog/catalog-model';
import { EntityManager } from 'typeorm';
import { anAdminRemains } from '../auth/last-admin';
import { UserRepository } from '../auth/user.repository';
import { StorePasswords } from '../catalog/datastores/store-passwords';
import { restoreMembers } from '../catalog/layergroups/layergroup.history';
import { integrityViolation } from '../database/pg-errors';
import { ChangeKind, ChangeOperation, KIND_TABLES, RawRow } from './change-kinds';
import { ChangeLog } from './change-log';
import { keepStorePasswords, passwordSources, userRowToWrite } from './revert-credentials';
import { exists, whyNotDelete, whyNotPutBack } from './revert-rules';

interface Undone {
  seq: string;
  kind: ChangeKind;
  operation: ChangeOperation;
  record_id: number;
  resource: string | null;
  raw_before: RawRow | null;
}

/** One write a revert makes: a record put back as `raw_before` says, or deleted. */
interface Step {
  undone: Undone;
  /** Why it cannot be made now (null when it can), from the last try. */
  blocked: string | null;
}

/**
 * The order in which deleted records come back, by kind: what others point to first. A namespace
 * is its workspace's row (the revert puts the workspace back).
 */
const RESTORE_ORDER: Record<ChangeKind, number> = {
  workspace: 0,
  namespace: 0,
  style: 1,
  dataStore: 2,
  featureType: 3,
  layer: 4,
  layerGroup: 5,
  user: 6,
  settings: 7,
  serviceSettings: 7,
  rule: 8,
  serviceRule: 8,
};

/** Rows of other tables a kind's history row carries (a layer's alternate styles, a user's roles), written back with it. */
const OWNED_ROWS: Record<ChangeKind, ((tx: EntityManager, raw: RawRow) => Promise<void>) | null> = {
  workspace: null,
  namespace: null,
  dataStore: null,
  featureType: null,
  style: null,
  layerGroup: restoreMembers,
  settings: null,
  serviceSettings: null,
  rule: null,
  serviceRule: null,
  layer: async (tx, raw) => {
    await tx.query(`DELETE FROM layer_style WHERE layer_id = $1`, [raw.id]);
    await tx.query(
      `INSERT INTO layer_style (layer_id, style_id, position)
         SELECT $1, value::integer, ordinality - 1 FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY`,
      [raw.id, JSON.stringify(raw.style_ids ?? [])],
    );
  },
  user: async (tx, raw) => {
    await tx.query(`DELETE FROM user_role WHERE user_id = $1`, [raw.id]);
    await tx.query(`INSERT INTO user_role (user_id, role) SELECT $1, value FROM jsonb_array_elements_text($2::jsonb)`, [
      raw.id,
      JSON.stringify(raw.roles ?? []),
    ]);
  },
};
/** Keys of a history row that are not columns of its table. */
const NOT_COLUMNS = new Set(['version', 'style_ids', 'roles', 'members']);
const COLUMN = /^[a-z_][a-z0-9_]*$/;

/** What a revert did: the data stores it touched (their pools are to be closed) and its changes' request. */
export interface Reverted {
  storeIds: number[];
  /** Whether it touched users (cached credentials and sessions are then stale). */
  users: boolean;
  /** Whether it touched the server's settings (the cached public base URL is then stale). */
  settings: boolean;
  /** Whether it touched data or service rules (the cached access decision is then stale). */
  rules: boolean;
}

function blocked(seq: string, why: string): CatalogError {
  return new CatalogError('REVERT_BLOCKED', `Cannot revert change ${seq}: ${why}.`);
}

/**
 * `POST /rest/changes/{seq}/revert` (contract §7): undoes the request that made change `seq`,
 * every record it touched, as one new write whose changes say what it does to each record: a
 * record it created is deleted (a delete), one it deleted is re-created as it was (a create: a
 * style with its SLD bytes, a layer with its alternate styles), one it updated gets its fields back
 * (an update, with before and after). So a revert of a revert restores the later state and deletes
 * only what the reverted revert created.
 *
 * A write waits until what it needs holds (a record put back needs the records it points at and
 * its name free; a record deleted, nothing pointing at it); one that never can is a 409
 * `REVERT_BLOCKED` naming the record in the way, whatever `force` says. A record changed by a later
 * request is a 409 `CHANGED_SINCE` unless `force` — answered only when the forced revert would
 * succeed, so the console offers "Revert anyway" only then. No credential comes back (see
 * `revert-credentials.ts`).
 */
@Injectable()
export class ChangeReverter {
  constructor(
    private readonly db: CatalogDb,
    private readonly log: ChangeLog,
    private readonly passwords: StorePasswords,
    private readonly users: UserRepository,
  ) {}

  async revert(seq: string, force: boolean): Promise<Reverted> {
    return this.db.transaction(async ({ manager: tx }) => {
      const target = await this.log.get(seq, tx);
      // The changes of the request that made it: consecutive numbers, one commit.
      const undone: Undone[] = await tx.query(
        `SELECT c.seq::text AS seq, c.kind, c.operation, c.record_id, c.resource, c.raw_before
           FROM catalog_request_bounds($1) b, catalog_change c
          WHERE c.seq BETWEEN b.first AND b.last AND c.kind <> 'namespace' ORDER BY c.seq`,
        [target.seq],
      );
      for (const u of undone) await tx.query(`SELECT 1 FROM ${KIND_TABLES[u.kind]} WHERE id = $1 FOR UPDATE`, [u.record_id]);
      const later = await this.laterChange(tx, undone, seq);
      const stores = undone.filter((u) => u.kind === 'dataStore');
      const sources = await passwordSources(tx, stores);
      try {
        await this.apply(tx, seq, undone);
        await keepStorePasswords(tx, this.passwords, sources);
      } catch (err) {
        // Every rule is checked before writing; a constraint broken anyway is still no 500 and no SQL in the answer.
        if (integrityViolation(err)) throw blocked(seq, 'the records it would put back no longer fit the catalog');
        throw err;
      }
      if (undone.some((u) => u.kind === 'user')) await anAdminRemains(this.users, tx);
      // Checked last: this refusal promises that `force` succeeds.
      if (later && !force) throw later;
      return {
        storeIds: stores.map((u) => u.record_id),
        users: undone.some((u) => u.kind === 'user'),
        settings: undone.some((u) => u.kind === 'settings'),
        rules: undone.some((u) => u.kind === 'rule' || u.kind === 'serviceRule'),
      };
    });
  }

  /** The 409 for the first later change of a record the request touched, if any. */
  private async laterChange(tx: EntityManager, undone: Undone[], seq: string): Promise<CatalogError | null> {
    if (!undone.length) return null;
    const last = undone[undone.length - 1].seq;
    const later: Array<{ seq: string; resource: string | null; user: string | null }> = await tx.query(
      `SELECT c.seq::text AS seq, c.resource, c.user_name AS "user" FROM catalog_change c
         JOIN unnest($2::text[], $3::int[]) AS r(kind, record_id) ON c.kind = r.kind AND c.record_id = r.record_id
        WHERE c.seq > $1 ORDER BY c.seq LIMIT 1`,
      [last, undone.map((u) => u.kind), undone.map((u) => u.record_id)],
    );
    if (!later.length) return null;
    const l = later[0];
    return new CatalogError(
      'CHANGED_SINCE',
      `Cannot revert change ${seq}: ${l.resource ?? 'a record it touched'} changed after it (change ${l.seq}${l.user ? ` by ${l.user}` : ''}). ` +
        'Revert with ?force=true to overwrite that change.',
    );
  }

  /**
   * Makes every write that can be made, again and again, until all are made or none can be: a
   * record deleted waits for what points at it to go or to be put back elsewhere, one re-created
   * for its parents and for its name to be freed. Deletes go children first, re-creates parents
   * first, so one round usually does it.
   */
  private async apply(tx: EntityManager, seq: string, undone: Undone[]): Promise<void> {
    const byKind = (u: Undone) => RESTORE_ORDER[u.kind];
    let steps: Step[] = [
      ...undone.filter((u) => u.operation === 'create').reverse(),
      ...undone.filter((u) => u.operation === 'delete').sort((a, b) => byKind(a) - byKind(b)),
      ...undone.filter((u) => u.operation === 'update').reverse(),
    ].map((u) => ({ undone: u, blocked: null }));
    while (steps.length) {
      for (const step of steps) step.blocked = await this.make(tx, step.undone);
      const left = steps.filter((s) => s.blocked !== null);
      if (left.length === steps.length) {
        const first = [...left].sort((a, b) => Number(a.undone.seq) - Number(b.undone.seq))[0];
        throw blocked(seq, first.blocked!);
      }
      steps = left;
    }
  }

  /** Makes one write if it can be made now; otherwise says why not. */
  private async make(tx: EntityManager, u: Undone): Promise<string | null> {
    const path = u.resource ?? `${u.kind} ${u.record_id}`;
    const present = await exists(tx, u.kind, u.record_id);
    if (u.operation === 'create') {
      if (!present) return null;
      const why = await whyNotDelete(tx, u.kind, u.record_id, path);
      if (why) return why;
      await tx.query(`DELETE FROM ${KIND_TABLES[u.kind]} WHERE id = $1`, [u.record_id]);
      return null;
    }
    if (!u.raw_before) return null;
    if (u.operation === 'update' && !present) return `${path} was deleted after it; revert that delete first`;
    const raw = u.kind === 'user' ? userRowToWrite(u.raw_before, !present) : u.raw_before;
    const why = await whyNotPutBack(tx, u.kind, raw, path);
    if (why) return why;
    await this.putBack(tx, u.kind, raw, present);
    return null;
  }

  /** Writes a record's row as `raw` has it: its columns updated when it exists (an update), else inserted (a create). */
  private async putBack(tx: EntityManager, kind: ChangeKind, raw: RawRow, present: boolean): Promise<void> {
    const table = KIND_TABLES[kind];
    const columns = Object.keys(raw).filter((c) => !NOT_COLUMNS.has(c));
    if (!columns.every((c) => COLUMN.test(c))) throw new Error(`History row of ${kind} ${raw.id} names an unexpected column`);
    const row = `jsonb_populate_record(NULL::${table}, $1::jsonb)`;
    if (present) {
      const set = columns.filter((c) => c !== 'id').map((c) => `"${c}" = r."${c}"`);
      if (set.length) await tx.query(`UPDATE ${table} t SET ${set.join(', ')} FROM ${row} r WHERE t.id = r.id`, [JSON.stringify(raw)]);
    } else {
      const list = columns.map((c) => `"${c}"`).join(', ');
      await tx.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${row}`, [JSON.stringify(raw)]);
    }
    await OWNED_ROWS[kind]?.(tx, raw);
  }
}
