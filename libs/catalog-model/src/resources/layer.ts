import { IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { childrenNamed, child, textOf } from '../wire/node';
import { referenceFrom, SentReference } from '../wire/read';
import { DATE_CREATED, DATE_MODIFIED } from './dates';

/** A layer's attribution (GeoServer's `AttributionInfo`): who to credit, with an optional logo. */
export class Attribution {
  @IsString()
  @Wire({ kind: 'text', keepSpace: true })
  title?: string;

  @IsString()
  @Wire({ kind: 'text' })
  href?: string;

  @IsString()
  @Wire({ kind: 'text', element: 'logoURL' })
  logoURL?: string;

  @IsString()
  @Wire({ kind: 'text' })
  logoType?: string;

  @IsInt()
  @Wire({ kind: 'integer' })
  logoWidth!: number;

  @IsInt()
  @Wire({ kind: 'integer' })
  logoHeight!: number;
}

/**
 * Splits `ws:name` into its parts; a bare name has no workspace. GeoServer writes a workspace
 * style as `<name>ws:name</name><workspace>ws</workspace>`, and clients PUT that back as read,
 * so a qualified name whose prefix is the given workspace is split too.
 */
export function splitQualified(ref: SentReference): SentReference {
  const colon = ref.name.indexOf(':');
  if (colon < 0) return ref;
  const prefix = ref.name.slice(0, colon);
  if (ref.workspace && ref.workspace !== prefix) return ref;
  return { workspace: prefix, name: ref.name.slice(colon + 1) };
}

/**
 * A layer (GeoServer's `LayerInfo`): the published face of a feature type, named like it. The
 * mapper writes the style and resource references; the service resolves the styles a body names.
 */
@WireRoot('layer')
export class Layer {
  /** A new name (bare, or `ws:name` in the layer's own workspace): renames the feature type too. */
  @IsOptional()
  @IsString()
  @Wire({ kind: 'text', emptyIsAbsent: true, mergedByService: true, description: 'a new name renames the layer and its feature type' })
  name?: string;

  @Wire({ kind: 'text', constant: 'VECTOR' })
  type?: string;

  @Wire({
    kind: 'given',
    element: 'defaultStyle',
    mergedByService: true,
    read: (node, element) => {
      const ref = referenceFrom(node, element);
      return ref ? splitQualified(ref) : undefined;
    },
  })
  defaultStyleRef?: SentReference;

  /** The alternate styles: `<styles><style>…</style></styles>`, each a name or a reference. */
  @Wire({
    kind: 'given',
    element: 'styles',
    mergedByService: true,
    read: (node, element) => {
      const styles = child(node, element);
      if (!styles) return undefined;
      return childrenNamed(styles, 'style')
        .map((s): SentReference =>
          s.text?.trim() ? { name: s.text.trim() } : { name: textOf(s, 'name')?.trim() ?? '', workspace: textOf(s, 'workspace')?.trim() },
        )
        .filter((s) => s.name)
        .map(splitQualified);
    },
  })
  styleRefs?: SentReference[];

  @Wire({ kind: 'given' })
  resource?: unknown;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: true } })
  enabled!: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: true } })
  advertised!: boolean;

  /** Whether GetFeatureInfo answers on the layer; written only once set, as GeoServer does. */
  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', nullable: true } })
  queryable!: boolean | null;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', nullable: true } })
  opaque!: boolean | null;

  @ValidateNested()
  @Wire({ kind: 'object', type: () => Attribution, column: { type: 'json', nullable: true } })
  attribution!: Attribution | null;

  @Wire(DATE_CREATED)
  dateCreated!: Date;

  @Wire(DATE_MODIFIED)
  dateModified!: Date | null;
}
