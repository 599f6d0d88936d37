import { EntityManager } from 'typeorm';
import { defaultStyleFor } from './default-style';

/**
 * Takes styles out of every layer that uses them, before they are deleted: a layer drawn with
 * one falls back to the global style of its geometry type, and loses it from its alternates.
 */
export async function detachStyles(tx: EntityManager, styleIds: number[]): Promise<void> {
  if (!styleIds.length) return;
  await tx.query(`DELETE FROM layer_style WHERE style_id = ANY($1)`, [styleIds]);
  const layers: Array<{ id: number; geometry_type: string | null }> = await tx.query(
    `SELECT l.id, f.geometry_type FROM layer l JOIN feature_type f ON f.id = l.feature_type_id WHERE l.default_style_id = ANY($1)`,
    [styleIds],
  );
  for (const layer of layers) {
    const fallback = defaultStyleFor(layer.geometry_type);
    await tx.query(`UPDATE layer SET default_style_id = (SELECT id FROM style WHERE workspace_id IS NULL AND name = $2) WHERE id = $1`, [
      layer.id,
      fallback ?? null,
    ]);
  }
}
