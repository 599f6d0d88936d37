import { RECORD_KINDS, KIND_NAMES } from '@geocatalog/catalog-model';
import { catalogCurrentSql, catalogResourceSql } from './history-functions';

/** The statements of one kind's branch of a generated CASE. */
function branch(sql: string, kind: string): string {
  const at = sql.indexOf(`WHEN '${kind}'`);
  const next = sql.indexOf('\nWHEN ', at + 1);
  return sql.slice(at, next < 0 ? sql.indexOf('END CASE') : next);
}

describe('the history functions generated from the registry', () => {
  const resource = catalogResourceSql();
  const current = catalogCurrentSql();

  it('have a branch for every kind whose table exists', () => {
    for (const kind of KIND_NAMES) {
      expect(resource).toContain(`WHEN '${kind}' THEN`);
      expect(current).toMatch(new RegExp(`WHEN [^\\n]*'${kind}'[^\\n]* FROM ${RECORD_KINDS[kind].table} t`));
    }
  });

  it('build a path from the row and its parents’ names', () => {
    expect(branch(resource, 'featureType')).toContain(
      "RETURN '/workspaces/' || catalog_name('workspace', (rec->>'workspace_id')::integer) || '/datastores/' || " +
        "catalog_name('dataStore', (rec->>'data_store_id')::integer) || '/featuretypes/' || (rec->>'name');",
    );
    expect(branch(resource, 'user')).toContain("RETURN '/security/usergroup/user/' || (rec->>'name');");
  });

  it('use the global path of a record with no workspace', () => {
    expect(branch(resource, 'style')).toContain("IF rec->>'workspace_id' IS NULL THEN RETURN '/styles/' || (rec->>'name'); END IF;");
  });

  it('name a layer by its feature type, also one this transaction deleted', () => {
    const layer = branch(resource, 'layer');
    expect(layer).toContain("named := COALESCE(catalog_current('featureType', (rec->>'feature_type_id')::integer),");
    expect(layer).toContain("kind = 'featureType' AND record_id = (rec->>'feature_type_id')::integer");
    expect(layer).toContain("RETURN '/workspaces/' || catalog_name('workspace', (named->>'workspace_id')::integer) || '/layers/' || (named->>'name');");
  });

  it('keep one branch per table, leaving out what the history does not keep', () => {
    expect(current).toContain("WHEN 'workspace', 'namespace' THEN SELECT to_jsonb(t) INTO rec FROM workspace t WHERE id = rid;");
    expect(current).toContain("WHEN 'style' THEN SELECT to_jsonb(t) - 'content' INTO rec FROM style t WHERE id = rid;");
  });

  it('cover only the kinds it is given', () => {
    const some = catalogResourceSql(['workspace']);
    expect(some).toContain("WHEN 'workspace'");
    expect(some).not.toContain("WHEN 'style'");
  });
});
