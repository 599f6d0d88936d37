import { BodyNode, boolOf, child, childrenNamed, textOf } from '../../rest/body-node';
import { intOf, referenceOf } from '../../rest/body-values';
import { Attribution } from './layer.entity';

/** A style as a layer body names it: `ws:name`, `{name, workspace}`, or a bare name. */
export interface StyleRef {
  name: string;
  workspace?: string;
}

/** Fields of a `<layer>` body; absent fields are undefined (PUT merges). */
export interface LayerInput {
  /** A new name (bare, or `ws:name` in the layer's own workspace): renames the feature type too. */
  name?: string;
  defaultStyle?: StyleRef;
  styles?: StyleRef[];
  enabled?: boolean;
  advertised?: boolean;
  queryable?: boolean;
  opaque?: boolean;
  attribution?: Partial<Attribution>;
}

/**
 * Splits `ws:name` into its parts; a bare name has no workspace. GeoServer writes a workspace
 * style as `<name>ws:name</name><workspace>ws</workspace>`, and clients PUT that back as read,
 * so a qualified name whose prefix is the given workspace is split too.
 */
export function splitQualified(ref: StyleRef): StyleRef {
  const colon = ref.name.indexOf(':');
  if (colon < 0) return ref;
  const prefix = ref.name.slice(0, colon);
  if (ref.workspace && ref.workspace !== prefix) return ref;
  return { workspace: prefix, name: ref.name.slice(colon + 1) };
}

/** Reads a layer body. */
export function readLayer(node: BodyNode): LayerInput {
  const defaultStyle = referenceOf(node, 'defaultStyle');
  const stylesNode = child(node, 'styles');
  const attribution = child(node, 'attribution');
  return {
    name: textOf(node, 'name')?.trim() || undefined,
    defaultStyle: defaultStyle ? splitQualified(defaultStyle) : undefined,
    styles: stylesNode
      ? childrenNamed(stylesNode, 'style')
          .map((s) => (s.text?.trim() ? { name: s.text.trim() } : { name: textOf(s, 'name')?.trim() ?? '', workspace: textOf(s, 'workspace')?.trim() }))
          .filter((s) => s.name)
          .map(splitQualified)
      : undefined,
    enabled: boolOf(node, 'enabled'),
    advertised: boolOf(node, 'advertised'),
    queryable: boolOf(node, 'queryable'),
    opaque: boolOf(node, 'opaque'),
    attribution: attribution
      ? {
          title: textOf(attribution, 'title'),
          href: textOf(attribution, 'href'),
          logoURL: textOf(attribution, 'logoURL'),
          logoType: textOf(attribution, 'logoType'),
          logoWidth: intOf(attribution, 'logoWidth'),
          logoHeight: intOf(attribution, 'logoHeight'),
        }
      : undefined,
  };
}
