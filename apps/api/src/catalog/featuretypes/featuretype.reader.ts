import { CatalogError } from '@geocatalog/catalog-model';
import type { Box } from '../../datastores/postgis/postgis.types';
import { BodyNode, boolOf, child, textOf } from '../../rest/body-node';
import { intOf, numberOf, referenceOf, stringsOf } from '../../rest/body-values';

/** Fields of a `<featureType>` body; absent fields are undefined (PUT merges). */
export interface FeatureTypeInput {
  name?: string;
  nativeName?: string;
  title?: string;
  abstract?: string;
  description?: string;
  keywords?: string[];
  /** The declared CRS as sent in `nativeCRS`: a code or WKT. */
  nativeCRS?: string;
  srs?: string;
  nativeBoundingBox?: Box;
  latLonBoundingBox?: Box;
  projectionPolicy?: string;
  enabled?: boolean;
  advertised?: boolean;
  maxFeatures?: number;
  numDecimals?: number;
  overridingServiceSRS?: boolean;
  circularArcPresent?: boolean;
  store?: string;
  namespace?: string;
}

const POLICIES = ['FORCE_DECLARED', 'REPROJECT_TO_DECLARED', 'NONE'];

function boxOf(node: BodyNode, name: string): Box | undefined {
  const b = child(node, name);
  if (!b) return undefined;
  const v = (k: string) => {
    const n = numberOf(b, k);
    if (n === undefined) throw new CatalogError('MISSING_FIELD', `The ${name} has no ${k}; it is required`);
    return n;
  };
  return { minx: v('minx'), maxx: v('maxx'), miny: v('miny'), maxy: v('maxy') };
}

/** Reads a feature type body. */
export function readFeatureType(node: BodyNode): FeatureTypeInput {
  const policy = textOf(node, 'projectionPolicy')?.trim().toUpperCase() || undefined;
  if (policy && !POLICIES.includes(policy)) {
    throw new CatalogError('INVALID_VALUE', `Invalid projectionPolicy '${policy}': use ${POLICIES.join(', ')}`);
  }
  const store = referenceOf(node, 'store');
  const namespace = referenceOf(node, 'namespace');
  return {
    name: textOf(node, 'name')?.trim(),
    nativeName: textOf(node, 'nativeName')?.trim(),
    title: textOf(node, 'title'),
    abstract: textOf(node, 'abstract'),
    description: textOf(node, 'description'),
    keywords: stringsOf(node, 'keywords'),
    nativeCRS: textOf(node, 'nativeCRS')?.trim() || undefined,
    srs: textOf(node, 'srs')?.trim() || undefined,
    nativeBoundingBox: boxOf(node, 'nativeBoundingBox'),
    latLonBoundingBox: boxOf(node, 'latLonBoundingBox'),
    projectionPolicy: policy,
    enabled: boolOf(node, 'enabled'),
    advertised: boolOf(node, 'advertised'),
    maxFeatures: intOf(node, 'maxFeatures'),
    numDecimals: intOf(node, 'numDecimals'),
    overridingServiceSRS: boolOf(node, 'overridingServiceSRS'),
    circularArcPresent: boolOf(node, 'circularArcPresent'),
    // `ws:store` names the store with its workspace.
    store: store ? store.name.slice(store.name.indexOf(':') + 1) : undefined,
    namespace: namespace?.name,
  };
}
