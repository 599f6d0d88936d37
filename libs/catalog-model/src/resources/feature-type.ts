import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { CatalogError } from '../errors';
import { Wire, WireRoot } from '../wire/declare';
import { child, childrenNamed, textOf, type WireNode } from '../wire/node';
import { referenceFrom } from '../wire/read';
import { BoundingBox } from './bounding-box';
import { IsCatalogName } from './rules';

/** How a feature type's declared CRS relates to the data's own. */
export const PROJECTION_POLICIES = ['FORCE_DECLARED', 'REPROJECT_TO_DECLARED', 'NONE'] as const;

const EPSG_NUMBER = /^\d{1,9}$/;

/** The element's text, trimmed; an empty element is null (the field is cleared), an absent one undefined. */
function emptyIsNull(parent: WireNode, element: string): string | null | undefined {
  const node = child(parent, element);
  if (!node) return undefined;
  const text = (node.text ?? '').trim();
  return text === '' ? null : text;
}

/** `<attributes><attribute><name>a</name>…</attribute>…</attributes>` as names, in order; undefined when absent. */
function attributeNamesFrom(parent: WireNode, element: string): string[] | undefined {
  const list = child(parent, element);
  if (!list) return undefined;
  return childrenNamed(list, 'attribute').map((a) => {
    const name = (textOf(a, 'name') ?? a.text ?? '').trim();
    if (!name) throw new CatalogError('MISSING_FIELD', 'An attribute of the featureType has no name');
    return name;
  });
}
const firstNot = (pattern: RegExp, values: unknown): string => String((values as unknown[]).find((v) => !pattern.test(String(v))));

/**
 * A published table (GeoServer's `FeatureTypeInfo`), fields in GeoServer's order. `nativeCRS`,
 * the two boxes, `namespace`, `store` and the attributes are written by the mapper, which knows the
 * CRS and the records they name; the service decides renames, CRS and box changes.
 */
@WireRoot('featureType')
export class FeatureType {
  @IsCatalogName('feature type')
  @Wire({
    kind: 'text',
    mergedByService: true,
    column: { type: 'varchar', length: 255 },
    description: 'defaults to nativeName; a new name renames the layer too',
  })
  name!: string;

  @IsString()
  @Wire({ kind: 'text', mergedByService: true, column: { type: 'varchar', length: 255 }, description: 'the table; defaults to name' })
  nativeName!: string;

  /** The workspace prefix the body names, checked against the path. */
  @IsOptional()
  @IsString()
  @Wire({ kind: 'given', read: (node, element) => referenceFrom(node, element)?.name, mergedByService: true })
  namespace?: string;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, column: { type: 'text', nullable: true }, description: 'defaults to the table name' })
  title!: string | null;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, column: { type: 'text', nullable: true } })
  description!: string | null;

  @IsString()
  @Wire({ kind: 'text', keepSpace: true, column: { type: 'text', nullable: true } })
  abstract!: string | null;

  @IsString({ each: true })
  @Wire({ kind: 'strings', column: { type: 'json' } })
  keywords!: string[];

  /** The declared CRS as sent: a code, a URN or WKT. Stored as the CRS it resolves to. */
  @IsOptional()
  @IsString()
  @Wire({ kind: 'text', element: 'nativeCRS', emptyIsAbsent: true, mergedByService: true })
  nativeCRS?: string;

  @IsString()
  @Wire({
    kind: 'text',
    emptyIsAbsent: true,
    mergedByService: true,
    column: { type: 'varchar', length: 255, nullable: true },
    description: 'EPSG code; defaults to nativeCRS, else the SRID of the geometry column',
  })
  srs!: string | null;

  @ValidateNested()
  @Wire({
    kind: 'object',
    element: 'nativeBoundingBox',
    type: () => BoundingBox,
    mergedByService: true,
    column: { name: 'native_bbox', type: 'json', nullable: true },
  })
  nativeBbox!: BoundingBox | null;

  @ValidateNested()
  @Wire({
    kind: 'object',
    element: 'latLonBoundingBox',
    type: () => BoundingBox,
    mergedByService: true,
    column: { name: 'latlon_bbox', type: 'json', nullable: true },
  })
  latLonBbox!: BoundingBox | null;

  @IsIn(PROJECTION_POLICIES, { message: (a) => `Invalid projectionPolicy '${String(a.value)}': use ${PROJECTION_POLICIES.join(', ')}` })
  @Wire({ kind: 'text', letterCase: 'upper', emptyIsAbsent: true, column: { type: 'varchar', length: 32, default: 'FORCE_DECLARED' } })
  projectionPolicy!: string;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: true } })
  enabled!: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', writeIf: (advertised) => advertised === false, column: { type: 'boolean', default: true } })
  advertised!: boolean;

  /** Free key/value settings clients attach (`kml.regionateStrategy`, `cachingEnabled`, …). */
  @IsObject()
  @Wire({ kind: 'entries', column: { type: 'json', default: '{}' } })
  metadata!: Record<string, string>;

  /** The store the body names (`ws:store` or `store`), checked against the path. */
  @IsOptional()
  @IsString()
  @Wire({ kind: 'given', read: (node, element) => referenceFrom(node, element)?.name.replace(/^[^:]*:/, ''), mergedByService: true })
  store?: string;

  @Wire({ kind: 'boolean', constant: false })
  serviceConfiguration?: boolean;

  @Wire({ kind: 'boolean', constant: false })
  simpleConversionEnabled?: boolean;

  /**
   * An ECQL filter that every request of the layer is restricted by. Not applied yet (contract
   * §11), so a layer with one serves nothing (contract §6); an empty one removes it.
   */
  @IsString()
  @Wire({
    kind: 'text',
    read: emptyIsNull,
    column: { name: 'cql_filter', type: 'text', nullable: true },
    description: 'an ECQL filter, stored and returned; until filters are applied a layer with one serves no features (409); empty removes it',
  })
  cqlFilter!: string | null;

  @IsInt()
  @Wire({ kind: 'integer', column: { type: 'integer', default: 0 } })
  maxFeatures!: number;

  @IsInt()
  @Wire({ kind: 'integer', column: { type: 'integer', default: 0 } })
  numDecimals!: number;

  @Wire({ kind: 'boolean', constant: false })
  padWithZeros?: boolean;

  @Wire({ kind: 'boolean', constant: false })
  forcedDecimal?: boolean;

  /** EPSG codes the services offer the layer in, besides its own (`<string>4326</string>`). */
  @Matches(EPSG_NUMBER, { each: true, message: (a) => `Invalid responseSRS '${firstNot(EPSG_NUMBER, a.value)}': give EPSG codes as numbers, e.g. 4326` })
  @Wire({ kind: 'strings', element: 'responseSRS', column: { name: 'response_srs', type: 'json', default: '[]' } })
  responseSrs!: string[];

  @IsBoolean()
  @Wire({ kind: 'boolean', element: 'overridingServiceSRS', column: { name: 'overriding_service_srs', type: 'boolean', default: false } })
  overridingServiceSrs!: boolean;

  @Wire({ kind: 'boolean', constant: false })
  skipNumberMatched?: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  circularArcPresent!: boolean;

  /**
   * The configured attribute subset (contract §11): the names of the `<attributes>` a body sends;
   * on output the mapper writes the attributes themselves. Stored only when it leaves a column of
   * the table out (null: every column is published, read live). Every read of the layer is bound
   * to it.
   */
  @Wire({
    kind: 'given',
    element: 'attributes',
    read: attributeNamesFrom,
    mergedByService: true,
    column: { name: 'attribute_subset', type: 'json', nullable: true },
  })
  attributeList?: string[] | null;
}
