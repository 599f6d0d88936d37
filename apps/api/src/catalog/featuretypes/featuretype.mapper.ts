import type { ListShape } from '../../rest/streamed-list';
import type { AttributeInfo, Box } from '../../datastores/postgis/postgis.types';
import { dbl, declaredRep, doc, FeatureType, link, list, LINK_FIELD, obj, recordSegments, Rep, RepDocument, textWithAttrs } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import { LinkBuilder } from '../../rest/rest-request';
import type { DataStoreEntity } from '../datastores/datastore.entity';
import { FeatureTypeEntity } from './featuretype.entity';

/**
 * WKT of GeoTools' `DefaultGeographicCRS.WGS84`, which GeoServer writes as the CRS of every
 * lat/lon bounding box.
 */
export const WGS84_DD_WKT = [
  'GEOGCS["WGS84(DD)", ',
  '  DATUM["WGS84", ',
  '    SPHEROID["WGS84", 6378137.0, 298.257223563]], ',
  '  PRIMEM["Greenwich", 0.0], ',
  '  UNIT["degree", 0.017453292519943295], ',
  '  AXIS["Geodetic longitude", EAST], ',
  '  AXIS["Geodetic latitude", NORTH]]',
].join('\n');

/** JTS's empty envelope, as GeoServer writes the bounds of an empty table. */
export const EMPTY_BOX: Box = { minx: 0, maxx: -1, miny: 0, maxy: -1 };

/** Where a feature type lives, for names and links. */
export interface FeatureTypeContext {
  workspace: string;
  store: string;
}

/** Path segments of a feature type below `/rest`. */
export function featureTypePath(ctx: FeatureTypeContext, name: string): string[] {
  return recordSegments('featureType', { ...ctx, name });
}

/** `<featureTypes>` listing; links go through the store path, as GeoServer's do. */
export const FEATURE_TYPE_LIST: ListShape = { root: 'featureTypes', item: 'featureType' };

/** An entry of `<featureTypes>`. */
export function featureTypeListItem({ name, ctx }: { name: string; ctx: FeatureTypeContext }, links: LinkBuilder): Rep {
  return obj([
    ['name', name],
    [LINK_FIELD, link(links.href(...featureTypePath(ctx, name)), links.listType)],
  ]);
}

/**
 * `<list><featureTypeName>…` / `{"list":{"string":[…]}}`: names of tables in a store. The JSON
 * form is json-lib's (GeoServer's `StringsListJSONConverter`), not Jettison's: the `string` array
 * is there even when empty, and gsconfig reads `['list']['string']` unguarded.
 */
export const TABLE_NAME_LIST: ListShape = { root: 'list', item: 'featureTypeName', jsonItem: 'string' };

/** A bounding box as GeoServer writes it, its CRS last (data-directory files use it too). */
export function box(b: Box, crs: Rep | undefined): Rep {
  return obj([
    ['minx', dbl(b.minx)],
    ['maxx', dbl(b.maxx)],
    ['miny', dbl(b.miny)],
    ['maxy', dbl(b.maxy)],
    ['crs', crs],
  ]);
}

function attributeRep(a: AttributeInfo): Rep {
  return obj([
    ['name', a.name],
    ['minOccurs', a.minOccurs],
    ['maxOccurs', a.maxOccurs],
    ['nillable', a.nillable],
    ['binding', a.binding],
    ['length', a.length && a.length > 0 ? a.length : undefined],
  ]);
}

/** The attributes a feature type publishes: its configured subset (in its order) of the given ones, else all. */
export function configuredAttributes(ft: FeatureTypeEntity, attributes: AttributeInfo[]): AttributeInfo[] {
  if (!ft.attributeList) return attributes;
  return ft.attributeList.flatMap((name) => attributes.filter((a) => a.name === name));
}

/** `<featureType>` from its declaration, with the given (live) attributes last, narrowed to its subset. */
export function featureTypeDocument(ft: FeatureTypeEntity, ctx: FeatureTypeContext, live: AttributeInfo[], links: LinkBuilder): RepDocument {
  const attributes = configuredAttributes(ft, live);
  const projected: Array<[string, string]> = ft.nativeCrsProjected ? [['class', 'projected']] : [];
  const srsRep = (code: string) => (ft.nativeCrsProjected ? textWithAttrs(code, projected) : code);
  return doc(
    'featureType',
    declaredRep(FeatureType, ft, {
      namespace: obj([
        ['name', ctx.workspace],
        [LINK_FIELD, link(links.href(...recordSegments('namespace', { name: ctx.workspace })), links.objectType)],
      ]),
      nativeCRS: ft.nativeCrsWkt ? (ft.nativeCrsProjected ? textWithAttrs(ft.nativeCrsWkt, projected) : ft.nativeCrsWkt) : undefined,
      nativeBbox: ft.nativeBbox && ft.srs ? box(ft.nativeBbox, srsRep(ft.srs)) : undefined,
      latLonBbox: ft.latLonBbox ? box(ft.latLonBbox, WGS84_DD_WKT) : undefined,
      store: obj(
        [
          ['name', `${ctx.workspace}:${ctx.store}`],
          [LINK_FIELD, link(links.href(...recordSegments('dataStore', { workspace: ctx.workspace, name: ctx.store })), links.objectType)],
        ],
        [['class', 'dataStore']],
      ),
      attributeList: attributes.length ? list('attribute', attributes.map(attributeRep)) : undefined,
    }),
  );
}

/**
 * ETag of a feature type: its version and those of its store and workspace (named in it). The
 * attributes, read live from the table, are not versioned: a column added to the table does not
 * change the tag until `?recalculate=attributes` records it.
 */
export function featureTypeTag(located: { featureType: FeatureTypeEntity; store: DataStoreEntity }): string {
  return versionTag(located.featureType.version, located.store.version, located.featureType.workspace?.version);
}
