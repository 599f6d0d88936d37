/**
 * The JSON documents of OGC API - Features Part 1 (landing page, conformance, collections, the
 * links of feature collections and features), built from catalog facts. Pure: no I/O.
 */
import type { Box } from '../datastores/postgis/postgis.types';
import { Bbox, collectionBbox, CRS84 } from './crs84-box';
import { FeaturesLinks, Link, link, withFormat } from './features-links';
import type { MediaKey } from './features-params';

/**
 * Conformance classes this API meets: Part 1 (core, GeoJSON, OpenAPI 3.0; no HTML), Part 3's
 * queryables, Part 8's sorting (`sortby`), and Part 3's filtering with the CQL2 classes `@geocatalog/cql` implements (OGC's abstract test suite runs in
 * its specs). Not claimed: array functions (no published attribute is an array), custom functions
 * (none is offered), and accent-insensitive comparison (ACCENTI needs PostgreSQL's unaccent in the
 * store's database; where the store has it not, ACCENTI is a 400 that says so).
 */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-8/1.0/conf/sorting',
  ...[
    'cql2-text',
    'cql2-json',
    'basic-cql2',
    'advanced-comparison-operators',
    'case-insensitive-comparison',
    'basic-spatial-functions',
    'basic-spatial-functions-plus',
    'spatial-functions',
    'temporal-functions',
    'arithmetic',
    'property-property',
  ].map((c) => `http://www.opengis.net/spec/cql2/1.0/conf/${c}`),
];

/** The link relation of a collection's queryables (OGC's registered one). */
export const QUERYABLES_REL = 'http://www.opengis.net/def/rel/ogc/1.0/queryables';

/** A published layer as a collection: an enabled layer of an enabled feature type. */
export interface CollectionInfo {
  /** `workspace:layer` */
  id: string;
  title: string;
  description?: string | null;
  /** The feature type's lat/lon box (may pass ±180); null or empty when unknown. */
  latLonBbox: Box | null;
}

export interface CollectionDocument {
  id: string;
  title: string;
  description?: string;
  extent?: { spatial: { bbox: Bbox[]; crs: string } };
  itemType: 'feature';
  crs: string[];
  links: Link[];
}

export function landingPage(links: FeaturesLinks): object {
  return {
    title: 'geocatalog',
    description: "OGC API - Features of the catalog's published layers: one collection per enabled layer, named workspace:layer",
    links: [
      link(links.landing(), 'self', 'json', 'This document'),
      link(links.api(), 'service-desc', 'openapi', 'The API definition (OpenAPI 3.0)'),
      link(links.conformance(), 'conformance', 'json', 'Conformance classes'),
      link(links.collections(), 'data', 'json', 'Collections'),
    ],
  };
}

export function conformance(links: FeaturesLinks): object {
  return { links: [link(links.conformance(), 'self', 'json', 'This document')], conformsTo: CONFORMANCE_CLASSES };
}

export function collectionsDocument(links: FeaturesLinks, collections: CollectionInfo[]): object {
  return {
    links: collectionsLinks(links),
    collections: collections.map((c) => collectionDocument(links, c)),
  };
}

/** The links of `/collections` itself. */
export function collectionsLinks(links: FeaturesLinks): Link[] {
  return [link(links.collections(), 'self', 'json', 'This document')];
}

/** One collection, identical in `/collections` and at `/collections/{id}`. */
export function collectionDocument(links: FeaturesLinks, c: CollectionInfo): CollectionDocument {
  const bbox = collectionBbox(c.latLonBbox);
  return {
    id: c.id,
    title: c.title,
    ...(c.description ? { description: c.description } : {}),
    ...(bbox ? { extent: { spatial: { bbox: [bbox], crs: CRS84 } } } : {}),
    itemType: 'feature',
    crs: [CRS84],
    links: [
      link(links.collection(c.id), 'self', 'json', 'This collection'),
      link(links.items(c.id), 'items', 'geojson', 'Features as GeoJSON'),
      link(links.items(c.id, [['f', 'json']]), 'items', 'json', 'Features as GeoJSON, labelled application/json'),
      link(links.queryables(c.id), QUERYABLES_REL, 'schema', 'What a filter or sortby may name (JSON Schema)'),
      // GDAL's OAPIF driver up to 3.6 follows `queryables` of type application/json, in the older form.
      link(links.queryables(c.id, [['f', 'json']]), 'queryables', 'json', 'What a filter or sortby may name, with the older queryables list'),
    ],
  };
}

/**
 * Links of one page of features: this page in this format (self), in the other (alternate), the
 * collection, and the next page when there is one (same parameters, offset moved on by the limit).
 */
export function featureCollectionLinks(
  links: FeaturesLinks,
  collectionId: string,
  page: { format: 'json' | 'geojson'; params: Map<string, string>; limit: number; offset: number; more: boolean },
): Link[] {
  const other: MediaKey = page.format === 'json' ? 'geojson' : 'json';
  const out = [
    link(links.items(collectionId, page.params), 'self', page.format, 'This page'),
    link(links.items(collectionId, withFormat(page.params, other)), 'alternate', other, 'This page'),
    link(links.collection(collectionId), 'collection', 'json', 'The collection'),
  ];
  if (page.more) {
    const next = new Map(page.params);
    next.set('limit', String(page.limit));
    next.set('offset', String(page.offset + page.limit));
    out.push(link(links.items(collectionId, next), 'next', page.format, 'Next page'));
  }
  return out;
}

/** Links of one feature: itself (self), in the other format (alternate), its collection. */
export function featureLinks(
  links: FeaturesLinks,
  collectionId: string,
  featureId: string,
  page: { format: 'json' | 'geojson'; params: Map<string, string> },
): Link[] {
  const other: MediaKey = page.format === 'json' ? 'geojson' : 'json';
  return [
    link(links.item(collectionId, featureId, page.params), 'self', page.format, 'This feature'),
    link(links.item(collectionId, featureId, withFormat(page.params, other)), 'alternate', other, 'This feature'),
    link(links.collection(collectionId), 'collection', 'json', 'The collection'),
  ];
}
