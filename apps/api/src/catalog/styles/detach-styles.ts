import type { InTransaction } from '../../database/catalog-repository';
import type { LayerRepository } from '../layers/layer.repository';
import { defaultStyleFor } from './default-style';
import type { StyleRepository } from './style.repository';

/**
 * Takes styles out of every layer that uses them, before they are deleted: a layer drawn with
 * one falls back to the global style of its geometry type, and loses it from its alternates.
 */
export async function detachStyles(tx: InTransaction, repos: { layers: LayerRepository; styles: StyleRepository }, styleIds: number[]): Promise<void> {
  if (!styleIds.length) return;
  const fallbacks = new Map<string | undefined, Promise<number | null>>();
  for (const layer of await repos.layers.dropStyles(tx, styleIds)) {
    const name = defaultStyleFor(layer.geometryType);
    if (!fallbacks.has(name)) fallbacks.set(name, name ? repos.styles.globalId(name, tx) : Promise.resolve(null));
    await repos.layers.fallBack(tx, layer.id, await fallbacks.get(name)!);
  }
}
