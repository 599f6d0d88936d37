import { Attribution, declaredRep, doc, Layer, link, list, LINK_FIELD, obj, RECORD_KINDS, recordSegments, Rep, RepDocument } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import type { ListShape } from '../../rest/streamed-list';
import { LinkBuilder } from '../../rest/rest-request';
import { featureTypePath } from '../featuretypes/featuretype.mapper';
import { stylePath } from '../styles/style.mapper';
import { StyleEntity } from '../styles/style.entity';
import type { LocatedLayer } from './located-layer';

export const LAYER_LIST: ListShape = { root: 'layers', item: 'layer' };

/** `/layers/{workspace}:{name}`: how `/rest/layers` links its entries. */
const QUALIFIED_LAYER_PATH = RECORD_KINDS.layer.aliases![0];

/** An entry of `<layers>`: under `/rest/layers` names are `ws:name`; under a workspace they are bare. */
export function layerListItem(l: { workspace: string; name: string }, scopedTo: string | undefined, links: LinkBuilder): Rep {
  const name = scopedTo ? l.name : `${l.workspace}:${l.name}`;
  const href = scopedTo
    ? links.href(...recordSegments('layer', { workspace: scopedTo, name: l.name }))
    : links.href(...recordSegments('layer', l, QUALIFIED_LAYER_PATH));
  return obj([
    ['name', name],
    [LINK_FIELD, link(href, links.listType)],
  ]);
}

/** How a layer names a style: `ws:name` for a workspace style, the bare name for a global one. */
function qualifiedStyleName(style: StyleEntity, workspace: string | undefined): string {
  return workspace ? `${workspace}:${style.name}` : style.name;
}

/** A style reference inside a layer: a workspace style is `ws:name` plus `<workspace>`. */
export function styleRef(style: StyleEntity, workspace: string | undefined, links: LinkBuilder): Rep {
  return obj([
    ['name', qualifiedStyleName(style, workspace)],
    ['workspace', workspace],
    [LINK_FIELD, link(links.href(...stylePath(style, workspace)), links.objectType)],
  ]);
}

/** `<styles>` of a layer: its alternate styles. */
export function layerStyleList(l: LocatedLayer, links: LinkBuilder): RepDocument {
  const item = (s: StyleEntity) =>
    obj([
      ['name', qualifiedStyleName(s, s.workspace?.name)],
      [LINK_FIELD, link(links.href(...stylePath(s, s.workspace?.name)), links.listType)],
    ]);
  return doc('styles', list('style', l.styles.map(item)));
}

/** `<layer>` from its declaration: `name` first, then GeoServer's `LayerInfoImpl` order. */
export function layerDocument(l: LocatedLayer, links: LinkBuilder): RepDocument {
  const { layer, featureType, workspace, store } = l;
  return doc(
    'layer',
    declaredRep(Layer, layer, {
      name: featureType.name,
      defaultStyleRef: layer.defaultStyle ? styleRef(layer.defaultStyle, layer.defaultStyle.workspace?.name, links) : undefined,
      styleRefs: l.styles.length
        ? list(
            'style',
            l.styles.map((s) => styleRef(s, s.workspace?.name, links)),
            { attrs: [['class', 'linked-hash-set']] },
          )
        : undefined,
      resource: obj(
        [
          ['name', `${workspace}:${featureType.name}`],
          [LINK_FIELD, link(links.href(...featureTypePath({ workspace, store }, featureType.name)), links.objectType)],
        ],
        [['class', 'featureType']],
      ),
      // GeoServer writes the logo size even when nothing else is set.
      attribution: declaredRep(Attribution, { logoWidth: 0, logoHeight: 0, ...layer.attribution }),
    }),
  );
}

/**
 * ETag of a layer: its version (alternate-style changes bump it) and those of every record its
 * representation names: the feature type, its store and workspace, the default and alternate
 * styles and their workspaces.
 */
export function layerTag(l: LocatedLayer): string {
  const ft = l.featureType;
  const styles = [l.layer.defaultStyle, ...l.styles].filter((s): s is StyleEntity => !!s);
  return versionTag(l.layer.version, ft.version, ft.dataStore?.version, ft.workspace?.version, ...styles.flatMap((s) => [s.version, s.workspace?.version]));
}
