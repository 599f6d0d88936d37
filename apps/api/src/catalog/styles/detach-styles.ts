import { EntityManager } from 'typeorm';

/**
 * Takes styles out of every layer that uses them, before they are deleted: a layer drawn with
 * one falls back to the global style of its geometry type, and loses it from its alternates.
 */
export async function detachStyles(tx: EntityManager, styleIds: number[]): Promise<void> {
  if (!styleIds.length) return;
  await tx.query(`DELETE FROM layer_style WHERE style_id = ANY($1)`, [styleIds]);
  await tx.query(
    `UPDATE layer l SET default_style_id = (
       SELECT s.id FROM style s WHERE s.workspace_id IS NULL AND s.name = CASE
         WHEN f.geometry_type IS NULL THEN NULL
         WHEN upper(f.geometry_type) IN ('POINT', 'MULTIPOINT') THEN 'point'
         WHEN upper(f.geometry_type) IN ('LINESTRING', 'MULTILINESTRING') THEN 'line'
         WHEN upper(f.geometry_type) IN ('POLYGON', 'MULTIPOLYGON') THEN 'polygon'
         ELSE 'generic' END)
     FROM feature_type f WHERE f.id = l.feature_type_id AND l.default_style_id = ANY($1)`,
    [styleIds],
  );
}
