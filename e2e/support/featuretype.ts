/**
 * Feature types and layers on the wire: request bodies, the exact representations GeoServer writes
 * (with `{WKT}`, `{NUM}` and `{DATE}` placeholders for what is checked apart), and normalizers that
 * check those values and replace them, so the rest of a body can be compared byte for byte.
 */
import { atomLink, isJavaDouble, javaHashSetOrder, parseGsDate, seg, unescapeXml } from './geoserver';
import { HttpResponse, RestClient, show } from './http';
import type { Box } from './postgis';

// ---------------------------------------------------------------------------------------------
// Creating.

export function featureTypeBodyXml(fields: Record<string, string | boolean>): string {
  const inner = Object.entries(fields)
    .map(([k, v]) => `<${k}>${String(v)}</${k}>`)
    .join('');
  return `<featureType>${inner}</featureType>`;
}

/** The seed's body: name, nativeName, title, nativeCRS, enabled. */
export function seedFeatureTypeXml(name: string, nativeName = name, title?: string, crs = 'EPSG:4326'): string {
  return featureTypeBodyXml({ name, nativeName, ...(title !== undefined ? { title } : {}), nativeCRS: crs, enabled: true });
}

export function featureTypesPath(ws: string, ds?: string): string {
  return ds === undefined ? `/workspaces/${seg(ws)}/featuretypes` : `/workspaces/${seg(ws)}/datastores/${seg(ds)}/featuretypes`;
}

/** POSTs an XML feature type body to the store (or store-less) path, asserting 201. */
export async function createFeatureType(api: RestClient, ws: string, ds: string | undefined, body: string): Promise<HttpResponse> {
  const res = await api.postXml(featureTypesPath(ws, ds), body);
  if (res.status !== 201) throw new Error(`create feature type in ${ws}:${ds ?? '(default store)'}: expected 201, got ${show(res)}`);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Expected feature type representations.

export interface AttributeExpectation {
  name: string;
  binding: string;
  length?: number;
}

export interface FeatureTypeExpectation {
  ws: string;
  store: string;
  name: string;
  nativeName?: string;
  /** Defaults to the native name. */
  title?: string;
  /** `EPSG:4326` */
  srs: string;
  /** A projected CRS: `class="projected"` on nativeCRS and the native box's crs. */
  projected?: boolean;
  attributes: AttributeExpectation[];
}

export const GEOM = 'org.locationtech.jts.geom.';

/** Keywords in Java HashSet order: {`features`, nativeName}. */
export function expectedKeywords(nativeName: string): string[] {
  return javaHashSetOrder(['features', nativeName]);
}

const BOX_KEYS = ['minx', 'maxx', 'miny', 'maxy'] as const;

export function featureTypeXml(rest: string, e: FeatureTypeExpectation): string {
  const nativeName = e.nativeName ?? e.name;
  const projected = e.projected ? ' class="projected"' : '';
  return [
    '<featureType>',
    `  <name>${e.name}</name>`,
    `  <nativeName>${nativeName}</nativeName>`,
    '  <namespace>',
    `    <name>${e.ws}</name>`,
    `    ${atomLink(`${rest}/namespaces/${seg(e.ws)}.xml`)}`,
    '  </namespace>',
    `  <title>${e.title ?? nativeName}</title>`,
    '  <keywords>',
    ...expectedKeywords(nativeName).map((k) => `    <string>${k}</string>`),
    '  </keywords>',
    `  <nativeCRS${projected}>{WKT}</nativeCRS>`,
    `  <srs>${e.srs}</srs>`,
    '  <nativeBoundingBox>',
    ...BOX_KEYS.map((k) => `    <${k}>{NUM}</${k}>`),
    `    <crs${projected}>${e.srs}</crs>`,
    '  </nativeBoundingBox>',
    '  <latLonBoundingBox>',
    ...BOX_KEYS.map((k) => `    <${k}>{NUM}</${k}>`),
    '    <crs>{WKT}</crs>',
    '  </latLonBoundingBox>',
    '  <projectionPolicy>FORCE_DECLARED</projectionPolicy>',
    '  <enabled>true</enabled>',
    '  <store class="dataStore">',
    `    <name>${e.ws}:${e.store}</name>`,
    `    ${atomLink(`${rest}/workspaces/${seg(e.ws)}/datastores/${seg(e.store)}.xml`)}`,
    '  </store>',
    '  <serviceConfiguration>false</serviceConfiguration>',
    '  <simpleConversionEnabled>false</simpleConversionEnabled>',
    '  <maxFeatures>0</maxFeatures>',
    '  <numDecimals>0</numDecimals>',
    '  <padWithZeros>false</padWithZeros>',
    '  <forcedDecimal>false</forcedDecimal>',
    '  <overridingServiceSRS>false</overridingServiceSRS>',
    '  <skipNumberMatched>false</skipNumberMatched>',
    '  <circularArcPresent>false</circularArcPresent>',
    '  <attributes>',
    ...e.attributes.flatMap((a) => [
      '    <attribute>',
      `      <name>${a.name}</name>`,
      '      <minOccurs>0</minOccurs>',
      '      <maxOccurs>1</maxOccurs>',
      '      <nillable>true</nillable>',
      `      <binding>${a.binding}</binding>`,
      ...(a.length !== undefined ? [`      <length>${a.length}</length>`] : []),
      '    </attribute>',
    ]),
    '  </attributes>',
    '</featureType>',
  ].join('\n');
}

export function featureTypeJson(rest: string, e: FeatureTypeExpectation): string {
  const nativeName = e.nativeName ?? e.name;
  const crs = (v: string) => (e.projected ? { '@class': 'projected', $: v } : v);
  const numBox = { minx: '{NUM}', maxx: '{NUM}', miny: '{NUM}', maxy: '{NUM}' };
  return JSON.stringify({
    featureType: {
      name: e.name,
      nativeName,
      namespace: { name: e.ws, href: `${rest}/namespaces/${seg(e.ws)}.json` },
      title: e.title ?? nativeName,
      keywords: { string: expectedKeywords(nativeName) },
      nativeCRS: crs('{WKT}'),
      srs: e.srs,
      nativeBoundingBox: { ...numBox, crs: crs(e.srs) },
      latLonBoundingBox: { ...numBox, crs: '{WKT}' },
      projectionPolicy: 'FORCE_DECLARED',
      enabled: true,
      store: { '@class': 'dataStore', name: `${e.ws}:${e.store}`, href: `${rest}/workspaces/${seg(e.ws)}/datastores/${seg(e.store)}.json` },
      serviceConfiguration: false,
      simpleConversionEnabled: false,
      maxFeatures: 0,
      numDecimals: 0,
      padWithZeros: false,
      forcedDecimal: false,
      overridingServiceSRS: false,
      skipNumberMatched: false,
      circularArcPresent: false,
      attributes: {
        attribute: e.attributes.map((a) => ({
          name: a.name,
          minOccurs: 0,
          maxOccurs: 1,
          nillable: true,
          binding: a.binding,
          ...(a.length !== undefined ? { length: a.length } : {}),
        })),
      },
    },
  });
}

export interface NormalizedFeatureType {
  /** The body with the WKTs replaced by `{WKT}` and the box numbers by `{NUM}`. */
  text: string;
  /** nativeCRS, unescaped (undefined when absent). */
  nativeCRS?: string;
  /** latLonBoundingBox/crs, unescaped. */
  latLonCrs?: string;
  native?: Box;
  latLon?: Box;
  /** Box numbers exactly as written (XML), for format checks. */
  rawNumbers: string[];
}

/**
 * Replaces the nativeCRS and the latLon crs WKT by `{WKT}` and the eight box numbers by `{NUM}`;
 * every number must be written as Java's `Double.toString` writes it.
 */
export function normalizeFeatureTypeXml(text: string): NormalizedFeatureType {
  const out: NormalizedFeatureType = { text, rawNumbers: [] };
  let t = text.replace(/<nativeCRS((?: class="projected")?)>([^<]*)<\/nativeCRS>/, (_, attr, wkt) => {
    out.nativeCRS = unescapeXml(wkt);
    return `<nativeCRS${attr}>{WKT}</nativeCRS>`;
  });
  const box = (which: 'nativeBoundingBox' | 'latLonBoundingBox') => {
    t = t.replace(new RegExp(`<${which}>([\\s\\S]*?)</${which}>`), (_, inner: string) => {
      const b: Partial<Box> = {};
      let replaced = inner.replace(/<(minx|maxx|miny|maxy)>([^<]*)<\/\1>/g, (_m, k: keyof Box, v: string) => {
        if (!isJavaDouble(v)) throw new Error(`${which}/${k} is not written as a Java double: ${JSON.stringify(v)}`);
        out.rawNumbers.push(v);
        b[k] = Number(v);
        return `<${k}>{NUM}</${k}>`;
      });
      if (which === 'latLonBoundingBox') {
        replaced = replaced.replace(/<crs>([^<]*)<\/crs>/, (_m, wkt: string) => {
          out.latLonCrs = unescapeXml(wkt);
          return '<crs>{WKT}</crs>';
        });
      }
      if (which === 'nativeBoundingBox') out.native = b as Box;
      else out.latLon = b as Box;
      return `<${which}>${replaced}</${which}>`;
    });
  };
  box('nativeBoundingBox');
  box('latLonBoundingBox');
  out.text = t;
  return out;
}

/** The JSON counterpart of `normalizeFeatureTypeXml`; the box numbers must be JSON numbers. */
export function normalizeFeatureTypeJson(text: string): NormalizedFeatureType {
  const value = JSON.parse(text);
  const out: NormalizedFeatureType = { text, rawNumbers: [] };
  const ft = value?.featureType;
  if (ft && typeof ft === 'object') {
    if (typeof ft.nativeCRS === 'string') {
      out.nativeCRS = ft.nativeCRS;
      ft.nativeCRS = '{WKT}';
    } else if (ft.nativeCRS && typeof ft.nativeCRS === 'object' && typeof ft.nativeCRS.$ === 'string') {
      out.nativeCRS = ft.nativeCRS.$;
      ft.nativeCRS.$ = '{WKT}';
    }
    for (const which of ['nativeBoundingBox', 'latLonBoundingBox'] as const) {
      const b = ft[which];
      if (!b || typeof b !== 'object') continue;
      const box: Partial<Box> = {};
      for (const k of BOX_KEYS) {
        if (typeof b[k] !== 'number') throw new Error(`${which}.${k} is not a JSON number: ${JSON.stringify(b[k])}`);
        box[k] = b[k];
        b[k] = '{NUM}';
      }
      if (which === 'latLonBoundingBox' && typeof b.crs === 'string') {
        out.latLonCrs = b.crs;
        b.crs = '{WKT}';
      }
      if (which === 'nativeBoundingBox') out.native = box as Box;
      else out.latLon = box as Box;
    }
  }
  out.text = JSON.stringify(value);
  return out;
}

// ---------------------------------------------------------------------------------------------
// WKT as GeoServer lays it out: one element per line where it breaks, 2 spaces per nesting level.

/**
 * Checks a WKT laid out on several lines, each continuation line indented by 2 spaces per
 * bracket level open at its start and starting with an element keyword; brackets balanced.
 * Returns the problems (empty = fine).
 */
export function wktLayoutProblems(wkt: string): string[] {
  const problems: string[] = [];
  const lines = wkt.split('\n');
  if (lines.length < 3) problems.push(`WKT on ${lines.length} line(s), expected one element per line`);
  let depth = 0;
  let inString = false;
  lines.forEach((line, i) => {
    if (i > 0) {
      const indent = /^ */.exec(line)![0].length;
      if (indent !== 2 * depth) problems.push(`line ${i + 1} indented by ${indent}, expected ${2 * depth}: ${JSON.stringify(line)}`);
      if (!/^ *[A-Z][A-Z0-9_]*\[/.test(line)) problems.push(`line ${i + 1} does not start with a WKT element: ${JSON.stringify(line)}`);
    }
    for (const ch of line) {
      if (ch === '"') inString = !inString;
      else if (!inString && ch === '[') depth++;
      else if (!inString && ch === ']') depth--;
    }
  });
  if (depth !== 0 || inString) problems.push('unbalanced brackets or quotes');
  return problems;
}

/** The `AUTHORITY["EPSG","n"]` of the outermost element: the last one before the final `]`. */
export function wktAuthority(wkt: string): string | undefined {
  const m = /AUTHORITY\["EPSG",\s*"(\d+)"\]\]\s*$/.exec(wkt);
  return m?.[1];
}

// ---------------------------------------------------------------------------------------------
// Boxes.

/** Differences larger than the tolerance, as text (empty = equal). Tolerance: abs + rel·|expected|. */
export function boxDiff(actual: Box | undefined, expected: Box, abs: number, rel = 0): string[] {
  if (!actual) return ['no box'];
  return BOX_KEYS.filter((k) => !(Math.abs(actual[k] - expected[k]) <= abs + rel * Math.abs(expected[k]))).map(
    (k) => `${k}: got ${actual[k]}, expected ${expected[k]} (±${abs + rel * Math.abs(expected[k])})`,
  );
}

/**
 * Tolerances against ST_Extent: PostGIS may answer from the float4 boxes cached in the geometries
 * (rounded outward by up to ~1.2e-7 relative), so a server using either the exact or the cached
 * extent passes; geographic latLon from a projected box: 1e-5° (about 1 m).
 */
export const NATIVE_TOL = { abs: 1e-9, rel: 3e-7 };
export const LATLON_FROM_PROJECTED_TOL = 1e-5;

// ---------------------------------------------------------------------------------------------
// Layers.

export interface LayerStyleRef {
  name: string;
  /** Workspace of a workspace style. */
  ws?: string;
}

export interface LayerExpectation {
  ws: string;
  store: string;
  name: string;
  defaultStyle: LayerStyleRef;
}

function styleHref(rest: string, s: LayerStyleRef, ext: 'xml' | 'json'): string {
  return s.ws ? `${rest}/workspaces/${seg(s.ws)}/styles/${seg(s.name)}.${ext}` : `${rest}/styles/${seg(s.name)}.${ext}`;
}

export function layerXml(rest: string, e: LayerExpectation): string {
  const s = e.defaultStyle;
  return [
    '<layer>',
    `  <name>${e.name}</name>`,
    '  <type>VECTOR</type>',
    '  <defaultStyle>',
    `    <name>${s.ws ? `${s.ws}:${s.name}` : s.name}</name>`,
    ...(s.ws ? [`    <workspace>${s.ws}</workspace>`] : []),
    `    ${atomLink(styleHref(rest, s, 'xml'))}`,
    '  </defaultStyle>',
    '  <resource class="featureType">',
    `    <name>${e.ws}:${e.name}</name>`,
    `    ${atomLink(`${rest}/workspaces/${seg(e.ws)}/datastores/${seg(e.store)}/featuretypes/${seg(e.name)}.xml`)}`,
    '  </resource>',
    '  <enabled>true</enabled>',
    '  <advertised>true</advertised>',
    '  <attribution>',
    '    <logoWidth>0</logoWidth>',
    '    <logoHeight>0</logoHeight>',
    '  </attribution>',
    '</layer>',
  ].join('\n');
}

export function layerJson(rest: string, e: LayerExpectation): string {
  const s = e.defaultStyle;
  return JSON.stringify({
    layer: {
      name: e.name,
      type: 'VECTOR',
      defaultStyle: { name: s.ws ? `${s.ws}:${s.name}` : s.name, ...(s.ws ? { workspace: s.ws } : {}), href: styleHref(rest, s, 'json') },
      resource: {
        '@class': 'featureType',
        name: `${e.ws}:${e.name}`,
        href: `${rest}/workspaces/${seg(e.ws)}/datastores/${seg(e.store)}/featuretypes/${seg(e.name)}.json`,
      },
      enabled: true,
      advertised: true,
      attribution: { logoWidth: 0, logoHeight: 0 },
    },
  });
}

/**
 * GeoServer writes `dateCreated`/`dateModified` last in a layer; the contract does not list them.
 * When present they must be there, valid GeoServer dates; they are removed before comparing.
 */
export function stripLayerDates(text: string, format: 'xml' | 'json'): string {
  if (format === 'xml') {
    return text.replace(/(\n {2}<(dateCreated|dateModified)>([^<]*)<\/\2>)+(?=\n<\/layer>$)/, (block) => {
      for (const m of block.matchAll(/<(?:dateCreated|dateModified)>([^<]*)</g)) parseGsDate(m[1]);
      return '';
    });
  }
  const value = JSON.parse(text);
  for (const k of ['dateCreated', 'dateModified']) {
    if (value?.layer && k in value.layer) {
      const keys = Object.keys(value.layer);
      const tail = keys.slice(keys.indexOf('attribution') + 1);
      if (!tail.includes(k)) throw new Error(`${k} is not after attribution in ${text}`);
      parseGsDate(String(value.layer[k]));
      delete value.layer[k];
    }
  }
  return JSON.stringify(value);
}

/** The default style GeoServer gives a layer by geometry binding. */
export function defaultStyleFor(binding: string): string {
  const type = binding.replace(GEOM, '');
  if (type === 'Point' || type === 'MultiPoint') return 'point';
  if (type === 'LineString' || type === 'MultiLineString' || type === 'LinearRing') return 'line';
  if (type === 'Polygon' || type === 'MultiPolygon') return 'polygon';
  return 'generic';
}
