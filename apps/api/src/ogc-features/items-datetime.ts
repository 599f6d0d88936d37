/**
 * Part 1's `datetime` on items (contract §11): applied to the layer's time column — GeoServer's
 * `time` dimension in the feature type's metadata (`<dimensionInfo>` with `<enabled>true</enabled>`
 * and its `<attribute>`, optionally an `<endAttribute>` for features that last) — and refused where
 * the layer has none, rather than ignored. Pure; the SQL is datastores/postgis/time-condition.ts's.
 */
import { CatalogError, dimensionOf } from '@geocatalog/catalog-model';
import type { TimeDimension } from '../datastores/postgis/time-condition';

export { timeCondition as datetimeCondition, type TimeDimension } from '../datastores/postgis/time-condition';

/** The layer's enabled time dimension, from its metadata's `time` entry; null when it has none. */
export function timeDimensionOf(metadata: Record<string, string> | null | undefined): TimeDimension | null {
  const info = dimensionOf(metadata?.time);
  if (!info || String(info.enabled).trim().toLowerCase() !== 'true') return null;
  const attribute = typeof info.attribute === 'string' ? info.attribute.trim() : '';
  if (!attribute) return null;
  const end = typeof info.endAttribute === 'string' ? info.endAttribute.trim() : '';
  return end ? { attribute, endAttribute: end } : { attribute };
}

/** The layer's time dimension; INVALID_VALUE (400) when it has none: `datetime` is refused, never ignored. */
export function requireTimeDimension(layerId: string, dimension: TimeDimension | null | undefined): TimeDimension {
  if (dimension) return dimension;
  throw new CatalogError(
    'INVALID_VALUE',
    `Invalid datetime: collection '${layerId}' has no time dimension (GeoServer's 'time' entry in its feature type's metadata), so its features cannot be selected by time`,
  );
}
