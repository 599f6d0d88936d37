import type { Queryable } from '../list-pages';

/** A layer as lists name it. */
export interface LayerName {
  workspace: string;
  name: string;
}

/**
 * One page of every layer, by workspace then name, after `after`. Each workspace contributes at
 * most a page through the (workspace, name) index, starting after `after`'s name in its own
 * workspace: a page costs its size, not the catalog's, however the layers are spread over
 * workspaces. (A single ORDER BY over the join would sort every remaining layer for each page.)
 */
export function layerPage<Row extends LayerName = LayerName>(
  db: Queryable,
  after: LayerName | undefined,
  limit: number,
  q: LayerPageQuery = {},
): Promise<Row[]> {
  return db.query(
    `SELECT w.name AS workspace, x.*
       FROM workspace w
      CROSS JOIN LATERAL (
            SELECT f.name${q.columns ? `, ${q.columns}` : ''}
              FROM feature_type f JOIN layer l ON l.feature_type_id = f.id ${q.joins ?? ''}
             WHERE f.workspace_id = w.id AND f.name > CASE WHEN w.name = $1 THEN $2 ELSE '' END ${q.where ? `AND ${q.where}` : ''}
             ORDER BY f.name LIMIT $3) x
      WHERE w.name >= $1
      ORDER BY w.name, x.name
      LIMIT $3`,
    [after?.workspace ?? '', after?.name ?? '', limit],
  ) as Promise<Row[]>;
}

/** More of each layer than its name, or only some layers: SQL over `f` (feature type) and `l` (layer). */
export interface LayerPageQuery {
  /** Selected besides `f.name`, e.g. `f.title`. */
  columns?: string;
  /** Joined besides the layer, e.g. the data store. */
  joins?: string;
  /** Layers kept, e.g. `l.enabled`. */
  where?: string;
}
