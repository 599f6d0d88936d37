/**
 * The global style a new layer is drawn with, by its geometry type (PostGIS names, with or
 * without Z/M): `point`, `line`, `polygon`, or `generic`; none for a table without geometry.
 * The one place this rule lives: publishing and style deletion both use it.
 */
export function defaultStyleFor(geometryType: string | null): string | undefined {
  if (!geometryType) return undefined;
  const t = geometryType.toUpperCase().replace(/[ZM]+$/, '');
  if (t === 'POINT' || t === 'MULTIPOINT') return 'point';
  if (t === 'LINESTRING' || t === 'MULTILINESTRING') return 'line';
  if (t === 'POLYGON' || t === 'MULTIPOLYGON') return 'polygon';
  return 'generic';
}
