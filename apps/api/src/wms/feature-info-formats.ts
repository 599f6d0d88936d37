/**
 * The GetFeatureInfo answer in each INFO_FORMAT, shaped as GeoServer's: `text/plain` (a block per
 * feature, `name = value` lines), `application/json` (a GeoJSON FeatureCollection, ids
 * `layer.id`, geometries in the map's CRS, named by `crs`), `text/html` (a table per layer) and
 * GML 2 / 3.1.1 (`feature-info-gml.ts`). Pure.
 */
import type { InfoFormat } from './feature-info-params';
import { GmlCrs, GmlLayer, gml2, gml3 } from './feature-info-gml';
import { xmlText } from './xml-text';

/** The features one layer gives at the pixel (geometries in the map's CRS, x/y). */
export interface LayerFeatures extends GmlLayer {
  /** `workspace:layer`. */
  qualifiedName: string;
}

const MEDIA: Record<InfoFormat, string> = {
  'text/plain': 'text/plain; charset=UTF-8',
  'application/json': 'application/json; charset=UTF-8',
  'text/html': 'text/html; charset=UTF-8',
  'application/vnd.ogc.gml': 'application/vnd.ogc.gml; charset=UTF-8',
  'application/vnd.ogc.gml/3.1.1': 'application/vnd.ogc.gml/3.1.1; charset=UTF-8',
  'text/xml': 'text/xml; subtype=gml/3.1.1; charset=UTF-8',
};

export function featureInfoDocument(format: InfoFormat, layers: LayerFeatures[], crs: GmlCrs): { contentType: string; body: string } {
  return { contentType: MEDIA[format], body: write(format, layers, crs) };
}

function write(format: InfoFormat, layers: LayerFeatures[], crs: GmlCrs): string {
  switch (format) {
    case 'application/json':
      return json(layers, crs);
    case 'text/html':
      return html(layers);
    case 'application/vnd.ogc.gml':
      return gml2(layers, crs);
    case 'application/vnd.ogc.gml/3.1.1':
    case 'text/xml':
      return gml3(layers, crs);
    default:
      return plain(layers);
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function plain(layers: LayerFeatures[]): string {
  const hits = layers.filter((l) => l.features.length);
  if (!hits.length) return 'no features were found\n';
  const rule = '--------------------------------------------';
  const out: string[] = [];
  for (const l of hits) {
    out.push(`Results for FeatureType '${l.qualifiedName}':`);
    for (const f of l.features) {
      out.push(rule);
      if (f.geometry) out.push(`geometry = [GEOMETRY (${f.geometry.type})]`);
      for (const [k, v] of Object.entries(f.properties)) out.push(`${k} = ${show(v)}`);
    }
    out.push(rule);
  }
  return out.join('\n') + '\n';
}

function json(layers: LayerFeatures[], crs: GmlCrs): string {
  const features = layers.flatMap((l) =>
    l.features.map((f) => ({
      type: 'Feature',
      id: `${l.name}.${f.id}`,
      geometry: f.geometry,
      ...(l.geometryName ? { geometry_name: l.geometryName } : {}),
      properties: f.properties,
    })),
  );
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    totalFeatures: 'unknown',
    numberReturned: features.length,
    timeStamp: new Date().toISOString(),
    crs: { type: 'name', properties: { name: `urn:ogc:def:crs:EPSG::${crs.srid}` } },
  });
}

function html(layers: LayerFeatures[]): string {
  const tables = layers
    .filter((l) => l.features.length)
    .map((l) => {
      const columns = [...new Set(l.features.flatMap((f) => Object.keys(f.properties)))];
      const head = `<tr><th>fid</th>${columns.map((c) => `<th>${xmlText(c)}</th>`).join('')}</tr>`;
      const rows = l.features
        .map((f) => `<tr><td>${xmlText(`${l.name}.${f.id}`)}</td>${columns.map((c) => `<td>${xmlText(show(f.properties[c]))}</td>`).join('')}</tr>`)
        .join('');
      return `<table class="featureInfo"><caption class="featureInfo">${xmlText(l.name)}</caption>${head}${rows}</table>`;
    })
    .join('\n');
  return `<html><head><title>Geoserver GetFeatureInfo output</title></head><body>\n${tables}\n</body></html>\n`;
}
