import { Injectable } from '@nestjs/common';
import { CatalogError, CATALOG_MODES, parseDataKey, parseRoles, parseServiceKey, type CatalogMode, type Parsed } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import { AccessService } from './access.service';
import type { RuleMap } from './rules-body';

/** The two families of rules: the tables and how a key is read and written canonically. */
export type RuleFamily = 'layers' | 'services';

const FAMILIES: Record<RuleFamily, { table: string; canonical: (key: string) => Parsed<string> }> = {
  layers: {
    table: 'data_rule',
    canonical: (key) => {
      const parsed = parseDataKey(key);
      return parsed.ok ? { ok: true, value: key.trim() } : parsed;
    },
  },
  services: {
    table: 'service_rule',
    canonical: (key) => {
      const parsed = parseServiceKey(key);
      return parsed.ok ? { ok: true, value: `${parsed.value.service}.${parsed.value.method}` } : parsed;
    },
  },
};

/** The `data_rule` row holding the catalog mode (`layers.properties`' `mode` line). */
export const MODE_ROW = 'mode';

/**
 * GeoServer's data and service rules, and the catalog mode, kept as catalog records (kinds `rule`
 * and `serviceRule`; the history, revert and dry run follow from their tables' triggers and
 * {@link CatalogDb}). As GeoServer's `AbstractAclController`: a malformed rule is a 422 and
 * nothing is written; POST refuses rules that exist (409), PUT rules that do not (409).
 */
@Injectable()
export class RuleService {
  constructor(
    private readonly db: CatalogDb,
    private readonly access: AccessService,
  ) {}

  /** Every rule of a family, in the order they were made. */
  async list(family: RuleFamily): Promise<RuleMap> {
    const rows = await this.db.query<{ name: string; value: string }>(`SELECT name, value FROM ${FAMILIES[family].table} WHERE name <> $1 ORDER BY id`, [
      MODE_ROW,
    ]);
    return rows.map((r) => [r.name, r.value]);
  }

  /** Adds rules; 409 naming those that exist. */
  async create(family: RuleFamily, sent: RuleMap): Promise<void> {
    const rules = checked(family, sent);
    const { table } = FAMILIES[family];
    await this.write(async (tx) => {
      const existing = await tx.query<{ name: string }>(`SELECT name FROM ${table} WHERE name = ANY($1) ORDER BY name`, [rules.map(([k]) => k)]);
      if (existing.length) throw new CatalogError('ALREADY_EXISTS', `Already existing rules: ${existing.map((r) => r.name).join(',')}`);
      for (const [key, roles] of rules) await tx.query(`INSERT INTO ${table} (name, value) VALUES ($1, $2)`, [key, roles]);
    });
  }

  /** Changes rules' roles; 409 naming those that do not exist. */
  async update(family: RuleFamily, sent: RuleMap): Promise<void> {
    const rules = checked(family, sent);
    const { table } = FAMILIES[family];
    await this.write(async (tx) => {
      const existing = new Set(
        (await tx.query<{ name: string }>(`SELECT name FROM ${table} WHERE name = ANY($1) FOR UPDATE`, [rules.map(([k]) => k)])).map((r) => r.name),
      );
      const unknown = rules.map(([k]) => k).filter((k) => !existing.has(k));
      if (unknown.length) throw new CatalogError('CONFLICT', `Unknown rules: ${unknown.join(',')}`);
      // Only rules whose roles change are written: an unchanged one is no change in the history.
      for (const [key, roles] of rules) await tx.query(`UPDATE ${table} SET value = $2 WHERE name = $1 AND value <> $2`, [key, roles]);
    });
  }

  /** Deletes one rule: 422 for a key that is no rule, 404 when there is none. */
  async delete(family: RuleFamily, key: string): Promise<void> {
    const canonical = FAMILIES[family].canonical(key);
    if (!canonical.ok) throw new CatalogError('INVALID_RULE', canonical.problem);
    await this.write(async (tx) => {
      const rows = await tx.query(`WITH gone AS (DELETE FROM ${FAMILIES[family].table} WHERE name = $1 RETURNING id) SELECT id FROM gone`, [canonical.value]);
      if (!rows.length) throw new CatalogError('NOT_FOUND', `Rule not found: ${key}`);
    });
  }

  /** The catalog mode. */
  async mode(): Promise<CatalogMode> {
    const [row] = await this.db.query<{ value: string }>(`SELECT value FROM data_rule WHERE name = $1`, [MODE_ROW]);
    return (row?.value as CatalogMode | undefined) ?? 'HIDE';
  }

  /** Sets the catalog mode: 422 for a mode GeoServer does not know. */
  async setMode(mode: string | null): Promise<void> {
    if (mode === null) throw new CatalogError('MISSING_FIELD', 'Element mode is missing');
    if (!CATALOG_MODES.includes(mode as CatalogMode)) throw new CatalogError('INVALID_RULE', `Not a valid mode: ${mode}`);
    await this.write(async (tx) => {
      await tx.query(
        `INSERT INTO data_rule (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value WHERE data_rule.value <> EXCLUDED.value`,
        [MODE_ROW, mode],
      );
    });
  }

  /** A write of rules, then every worker forgets the cached decision (not after a dry run: nothing changed). */
  private async write(work: (tx: { query<R = unknown>(sql: string, params?: unknown[]): Promise<R[]> }) => Promise<void>): Promise<void> {
    let dryRun = false;
    await this.db.transaction(async (tx) => {
      dryRun = tx.dryRun;
      await work(tx);
    });
    if (!dryRun) await this.access.changed();
  }
}

/** Checks every rule sent (422 for the first malformed one); keys and values canonical. */
function checked(family: RuleFamily, sent: RuleMap): RuleMap {
  const seen = new Set<string>();
  return sent.map(([key, value]) => {
    const canonical = FAMILIES[family].canonical(key);
    if (!canonical.ok) throw new CatalogError('INVALID_RULE', canonical.problem);
    const roles = parseRoles(value);
    if (!roles.ok) throw new CatalogError('INVALID_RULE', roles.problem);
    if (seen.has(canonical.value)) throw new CatalogError('INVALID_RULE', `Rule '${canonical.value}' is sent twice`);
    seen.add(canonical.value);
    return [canonical.value, roles.value.join(',')];
  });
}
