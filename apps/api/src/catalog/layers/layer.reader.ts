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
  defaultStyle?: StyleRef;
  styles?: StyleRef[];
  enabled?: boolean;
  advertised?: boolean;
  queryable?: boolean;
  opaque?: boolean;
  attribution?: Partial<Attribution>;
}

/** Splits `ws:name` into its parts; a bare name has no workspace. */
export function splitQualified(ref: StyleRef): StyleRef {
  const colon = ref.name.indexOf(':');
  if (ref.workspace || colon < 0) return ref;
  return { workspace: ref.name.slice(0, colon), name: ref.name.slice(colon + 1) };
}

/** Reads a layer body. */
export function readLayer(node: BodyNode): LayerInput {
  const defaultStyle = referenceOf(node, 'defaultStyle');
  const stylesNode = child(node, 'styles');
  const attribution = child(node, 'attribution');
  return {
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
