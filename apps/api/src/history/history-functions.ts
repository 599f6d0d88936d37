import { RECORD_KINDS, KIND_NAMES, type KindName } from '@geocatalog/catalog-model';

/**
 * The history's per-kind SQL functions, generated from the record-kind registry (issue 22): which
 * table holds a kind's rows (`catalog_current`) and the REST path of a record from its row
 * (`catalog_resource`). The triggers call them inside PostgreSQL, so a cascaded delete gets its
 * path too; each change keeps the path it had at the change (`?resource=` stays a prefix scan of
 * an index, and a renamed record's old changes keep their old path).
 */

/** Columns of a kind's row the history does not keep in its rows (a style's SLD document). */
const NOT_KEPT: Partial<Record<KindName, readonly string[]>> = { style: ['content'] };

/** The kind whose row holds the name a placeholder stands for. */
const NAMED_BY = { workspace: 'workspace', store: 'dataStore' } as const;

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The SQL expression of a path template over row `row` whose parents' ids are in `columns`: the
 * names of related records as `catalog_name` finds them (now, or as this transaction deleted them).
 */
function pathExpression(template: string, row: string, columns: { workspace?: string; store?: string }): string {
  return template
    .split(/(\{(?:workspace|store|name)\})/)
    .filter(Boolean)
    .map((part) => {
      const key = /^\{(workspace|store|name)\}$/.exec(part)?.[1] as 'workspace' | 'store' | 'name' | undefined;
      if (!key) return literal(part);
      if (key === 'name') return `(${row}->>'name')`;
      const column = columns[key];
      if (!column) throw new Error(`The registry gives no column for {${key}} of ${template}`);
      return `catalog_name('${NAMED_BY[key]}', (${row}->>'${column}')::integer)`;
    })
    .join(' || ');
}

/** The statements of one kind's branch in `catalog_resource`. */
function resourceBranch(kind: KindName): string {
  const entry = RECORD_KINDS[kind];
  let row = 'rec';
  let columns: { workspace?: string; store?: string };
  const lines: string[] = [];
  if ('sameAs' in entry.rowNames) {
    // Named as another record (a layer as its feature type), found now or as this transaction deleted it.
    const { sameAs, column } = entry.rowNames;
    const other = RECORD_KINDS[sameAs].rowNames;
    if ('sameAs' in other) throw new Error(`${kind} is named as ${sameAs}, which is named as another record`);
    lines.push(
      `named := COALESCE(catalog_current('${sameAs}', (rec->>'${column}')::integer),`,
      `  (SELECT raw_before FROM catalog_change_pending`,
      `    WHERE tx = pg_current_xact_id_if_assigned() AND kind = '${sameAs}' AND record_id = (rec->>'${column}')::integer LIMIT 1));`,
    );
    row = 'named';
    columns = other;
  } else {
    columns = entry.rowNames;
  }
  if (entry.globalPath) {
    const column = columns.workspace;
    if (!column) throw new Error(`The registry gives no workspace column for ${kind}`);
    lines.push(`IF ${row}->>'${column}' IS NULL THEN RETURN ${pathExpression(entry.globalPath, row, columns)}; END IF;`);
  }
  lines.push(`RETURN ${pathExpression(entry.path, row, columns)};`);
  return `WHEN '${kind}' THEN\n  ${lines.join('\n  ')}`;
}

/** `catalog_resource(kind, row)`: the REST path (without `/rest` and suffix) of a record from its row. */
export function catalogResourceSql(kinds: readonly KindName[] = KIND_NAMES): string {
  return `CREATE OR REPLACE FUNCTION catalog_resource(k text, rec jsonb) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  named jsonb;
BEGIN
  IF rec IS NULL THEN RETURN NULL; END IF;
  CASE k
${kinds.map(resourceBranch).join('\n')}
  END CASE;
END $$`;
}

/** `catalog_current(kind, id)`: a record's current row as the history keeps it (NULL when it is gone). */
export function catalogCurrentSql(kinds: readonly KindName[] = KIND_NAMES): string {
  const byTable = new Map<string, KindName[]>();
  for (const kind of kinds) byTable.set(RECORD_KINDS[kind].table, [...(byTable.get(RECORD_KINDS[kind].table) ?? []), kind]);
  const branches = [...byTable].map(([table, tableKinds]) => {
    const omitted = [...new Set(tableKinds.flatMap((k) => NOT_KEPT[k] ?? []))].map((c) => ` - ${literal(c)}`).join('');
    return `WHEN ${tableKinds.map(literal).join(', ')} THEN SELECT to_jsonb(t)${omitted} INTO rec FROM ${table} t WHERE id = rid;`;
  });
  return `CREATE OR REPLACE FUNCTION catalog_current(k text, rid integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  rec jsonb;
BEGIN
  CASE k
${branches.join('\n')}
  END CASE;
  IF rec IS NULL THEN RETURN NULL; END IF;
  RETURN catalog_raw(k, rec, false);
END $$`;
}
