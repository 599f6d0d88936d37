import { DataStore, declaredRep, FeatureType, Layer, list as repList, obj, type Rep, type RepObject, Style, toJettison } from '@geocatalog/catalog-model';
import { fakeFetch, type FakeAnswer, type RecordedRequest } from './fake-rest';

/** A feature type in the fake catalog. */
export interface FakeFeatureType {
  name: string;
  title: string;
  srs: string;
  box: [number, number, number, number];
  geometry: string;
  enabled: boolean;
  defaultStyle: { name: string; workspace?: string };
  styles: Array<{ name: string; workspace?: string }>;
}

export interface FakeStore {
  name: string;
  params: Record<string, string>;
  /** Tables with geometry in its database (published or not). */
  tables: string[];
  featureTypes: FakeFeatureType[];
}

/**
 * An in-memory catalog with GeoServer's JSON shapes: enough REST API for the console's pages.
 * Records are written through their declarations (`declaredRep` + `toJettison`), as the api writes
 * them; only lists and references (links, which the api's mappers add) are spelled out here.
 */
export interface FakeCatalog {
  workspaces: Map<string, { stores: FakeStore[]; styles: Map<string, string> }>;
  globalStyles: Map<string, string>;
  /** Answer of `POST /datastores/connection-test`. */
  connectionTest: FakeAnswer;
  /**
   * Versions of records by REST path (`/workspaces/acme/datastores/pg`, `/workspaces/acme/styles/blue`),
   * answered as `ETag` for data stores and styles; a write with a stale `If-Match` is refused with 412.
   */
  versions: Map<string, number>;
}

const H = 'http://h/geoserver/rest';
const list = <T>(outer: string, inner: string, items: T[]) => ({ [outer]: items.length ? { [inner]: items } : '' });

export function fakeCatalog(): FakeCatalog {
  return {
    workspaces: new Map(),
    globalStyles: new Map([
      ['polygon', sld('polygon', '#AAAAAA')],
      ['line', sld('line', '#000000')],
    ]),
    connectionTest: { status: 200, body: { connectionTest: { ok: true, message: 'Connected to PostgreSQL 16.4' } } },
    versions: new Map(),
  };
}

/** A tiny valid SLD 1.0.0 with one polygon rule. */
export function sld(name: string, fill: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld">
  <NamedLayer><Name>${name}</Name><UserStyle><Name>${name}</Name>
    <FeatureTypeStyle><Rule><PolygonSymbolizer><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></PolygonSymbolizer></Rule></FeatureTypeStyle>
  </UserStyle></NamedLayer>
</StyledLayerDescriptor>`;
}

export function addWorkspace(catalog: FakeCatalog, name: string) {
  const ws = { stores: [] as FakeStore[], styles: new Map<string, string>() };
  catalog.workspaces.set(name, ws);
  return ws;
}

export function addStore(catalog: FakeCatalog, workspace: string, name: string, tables: string[] = []): FakeStore {
  const store: FakeStore = {
    name,
    params: { host: 'db', port: '5432', database: 'gis', user: 'u', passwd: 'crypt2:xyz', dbtype: 'postgis', namespace: `http://${workspace}` },
    tables,
    featureTypes: [],
  };
  catalog.workspaces.get(workspace)?.stores.push(store);
  return store;
}

export function publish(store: FakeStore, table: string, title = table): FakeFeatureType {
  const ft: FakeFeatureType = {
    name: table,
    title,
    srs: 'EPSG:4326',
    box: [-111.05, 37, -102.04, 45],
    geometry: 'MultiPolygon',
    enabled: true,
    defaultStyle: { name: 'polygon' },
    styles: [],
  };
  store.featureTypes.push(ft);
  return ft;
}

function findLayer(catalog: FakeCatalog, qualified: string) {
  const [ws, name] = qualified.split(':');
  for (const store of catalog.workspaces.get(ws)?.stores ?? []) {
    const ft = store.featureTypes.find((f) => f.name === name);
    if (ft) return { ws, store, ft };
  }
  return null;
}

const styleRef = (s: { name: string; workspace?: string }): RepObject =>
  s.workspace
    ? obj([
        ['name', `${s.workspace}:${s.name}`],
        ['workspace', s.workspace],
        ['href', `${H}/workspaces/${s.workspace}/styles/${s.name}.json`],
      ])
    : obj([
        ['name', s.name],
        ['href', `${H}/styles/${s.name}.json`],
      ]);

/** `{"root": …}` as the api's JSON writer writes a record. */
const record = (root: string, rep: Rep) => ({ [root]: toJettison(rep) });

/** The `ETag` of a record of the fake catalog. */
export const etagOf = (catalog: FakeCatalog, path: string): string => `"${catalog.versions.get(path) ?? 1}"`;

/** A record changed: its version moves on. */
export function bumpVersion(catalog: FakeCatalog, path: string): void {
  catalog.versions.set(path, (catalog.versions.get(path) ?? 1) + 1);
}

/** The record path of a data store or style request (suffix left out), or null. */
function versionedPath(request: RecordedRequest): string | null {
  const path = decodeURIComponent(new URL(request.url, 'http://h').pathname.replace(/^\/geoserver\/rest/, '')).replace(/\.(json|sld)$/, '');
  return /^\/workspaces\/[^/]+\/datastores\/[^/]+$/.test(path) || /^(\/workspaces\/[^/]+)?\/styles\/[^/]+$/.test(path) ? path : null;
}

/**
 * Answers the console's REST requests from `catalog`; unknown paths are 404, or answered by
 * `extra` when it returns an answer (a spec's own endpoints).
 */
export function catalogFetch(catalog: FakeCatalog, extra?: (request: RecordedRequest) => FakeAnswer | null) {
  return fakeFetch((request: RecordedRequest): FakeAnswer => {
    const own = extra?.(request);
    if (own) return own;
    const path = versionedPath(request);
    if (!path) return answer(catalog, request);
    const ifMatch = request.headers.get('If-Match');
    if (ifMatch && ifMatch !== etagOf(catalog, path)) {
      return {
        status: 412,
        body: `The record has changed: its current version is ${etagOf(catalog, path)}; read it again`,
        headers: { ETag: etagOf(catalog, path) },
      };
    }
    const result = answer(catalog, request);
    if (result.status < 300 && request.method !== 'GET') bumpVersion(catalog, path);
    return request.method === 'GET' && result.status === 200 ? { ...result, headers: { ETag: etagOf(catalog, path) } } : result;
  });
}

function answer(catalog: FakeCatalog, request: RecordedRequest): FakeAnswer {
  const url = new URL(request.url, 'http://h');
  const path = decodeURIComponent(url.pathname.replace(/^\/geoserver\/rest/, '')).replace(/\.json$/, '');
  const { method } = request;
  const body = () => JSON.parse(request.body ?? '{}') as Record<string, any>;
  let m: RegExpExecArray | null;

  if (path === '/workspaces' && method === 'GET') {
    return {
      status: 200,
      body: list(
        'workspaces',
        'workspace',
        [...catalog.workspaces.keys()].map((name) => ({ name, href: `${H}/workspaces/${name}.json` })),
      ),
    };
  }
  if (path === '/datastores/connection-test' && method === 'POST') return catalog.connectionTest;
  if ((m = /^\/workspaces\/([^/]+)$/.exec(path)) && method === 'DELETE') {
    return catalog.workspaces.delete(m[1]) ? { status: 200 } : { status: 404, body: `No such workspace: '${m[1]}' found` };
  }
  if ((m = /^\/workspaces\/([^/]+)\/datastores$/.exec(path))) {
    const ws = catalog.workspaces.get(m[1]);
    if (!ws) return { status: 404, body: `No such workspace: '${m[1]}' found` };
    if (method === 'GET')
      return {
        status: 200,
        body: list(
          'dataStores',
          'dataStore',
          ws.stores.map((s) => ({ name: s.name, href: '' })),
        ),
      };
    const dataStore = body().dataStore;
    if (ws.stores.some((s) => s.name === dataStore.name)) return { status: 409, body: `Store '${dataStore.name}' already exists in workspace '${m[1]}'` };
    const store = addStore(catalog, m[1], dataStore.name);
    for (const entry of dataStore.connectionParameters.entry) store.params[entry['@key']] = entry.$;
    return { status: 201, body: dataStore.name };
  }
  if ((m = /^\/workspaces\/([^/]+)\/datastores\/([^/]+)$/.exec(path))) {
    const ws = catalog.workspaces.get(m[1]);
    const store = ws?.stores.find((s) => s.name === m![2]);
    if (!ws || !store) return { status: 404, body: `No such data store: ${m[1]}:${m[2]}` };
    if (method === 'DELETE') {
      ws.stores = ws.stores.filter((s) => s !== store);
      return { status: 200 };
    }
    if (method === 'PUT') {
      for (const entry of body().dataStore.connectionParameters.entry) store.params[entry['@key']] = entry.$;
      return { status: 200 };
    }
    return {
      status: 200,
      body: record('dataStore', declaredRep(DataStore, { name: store.name, type: 'PostGIS', enabled: true, connectionParameters: store.params })),
    };
  }
  if ((m = /^\/workspaces\/([^/]+)\/datastores\/([^/]+)\/featuretypes$/.exec(path))) {
    const store = catalog.workspaces.get(m[1])?.stores.find((s) => s.name === m![2]);
    if (!store) return { status: 404, body: 'No such data store' };
    if (method === 'POST') {
      const featureType = body().featureType;
      if (store.featureTypes.some((f) => f.name === featureType.name)) return { status: 409, body: `Feature type '${featureType.name}' already exists` };
      publish(store, featureType.nativeName, featureType.title ?? featureType.nativeName);
      return { status: 201, body: featureType.name };
    }
    if (url.searchParams.get('list') === 'available_with_geom') {
      const free = store.tables.filter((t) => !store.featureTypes.some((f) => f.name === t));
      return { status: 200, body: { list: free.length ? { string: free } : '' } };
    }
    return {
      status: 200,
      body: list(
        'featureTypes',
        'featureType',
        store.featureTypes.map((f) => ({ name: f.name, href: '' })),
      ),
    };
  }
  if ((m = /^\/workspaces\/([^/]+)\/datastores\/([^/]+)\/featuretypes\/([^/]+)$/.exec(path))) {
    const found = findLayer(catalog, `${m[1]}:${m[3]}`);
    if (!found) return { status: 404, body: 'No such feature type' };
    const { ft } = found;
    const [minx, miny, maxx, maxy] = ft.box;
    return {
      status: 200,
      body: record(
        'featureType',
        declaredRep(
          FeatureType,
          {
            name: ft.name,
            nativeName: ft.name,
            title: ft.title,
            srs: ft.srs,
            nativeBbox: { minx, maxx, miny, maxy },
            latLonBbox: { minx, maxx, miny, maxy },
            enabled: true,
          },
          {
            namespace: obj([['name', m[1]]]),
            store: obj([['name', `${m[1]}:${m[2]}`]], [['class', 'dataStore']]),
            attributeList: repList('attribute', [
              obj([
                ['name', 'name'],
                ['binding', 'java.lang.String'],
              ]),
              obj([
                ['name', 'geom'],
                ['binding', `org.locationtech.jts.geom.${ft.geometry}`],
              ]),
            ]),
          },
        ),
      ),
    };
  }
  if (path === '/layers' && method === 'GET') {
    const layers = [...catalog.workspaces.entries()].flatMap(([ws, w]) =>
      w.stores.flatMap((s) => s.featureTypes.map((f) => ({ name: `${ws}:${f.name}`, href: '' }))),
    );
    return { status: 200, body: list('layers', 'layer', layers) };
  }
  if ((m = /^\/workspaces\/([^/]+)\/layers$/.exec(path))) {
    const ws = catalog.workspaces.get(m[1]);
    return {
      status: 200,
      body: list(
        'layers',
        'layer',
        (ws?.stores ?? []).flatMap((s) => s.featureTypes.map((f) => ({ name: f.name, href: '' }))),
      ),
    };
  }
  if ((m = /^\/layers\/([^/]+)$/.exec(path))) {
    const found = findLayer(catalog, m[1]);
    if (!found) return { status: 404, body: `No such layer: ${m[1]}` };
    const { ws, store, ft } = found;
    if (method === 'DELETE') {
      store.featureTypes = store.featureTypes.filter((f) => f !== ft);
      return { status: 200 };
    }
    if (method === 'PUT') {
      const layer = body().layer;
      if (layer.enabled !== undefined) ft.enabled = layer.enabled;
      if (layer.defaultStyle) ft.defaultStyle = layer.defaultStyle;
      if (layer.styles) ft.styles = layer.styles.style;
      return { status: 200 };
    }
    return {
      status: 200,
      body: record(
        'layer',
        declaredRep(
          Layer,
          { name: ft.name, enabled: ft.enabled },
          {
            defaultStyleRef: styleRef(ft.defaultStyle),
            styleRefs: ft.styles.length ? repList('style', ft.styles.map(styleRef), { attrs: [['class', 'linked-hash-set']] }) : undefined,
            resource: obj(
              [
                ['name', `${ws}:${ft.name}`],
                ['href', `${H}/workspaces/${ws}/datastores/${store.name}/featuretypes/${ft.name}.json`],
              ],
              [['class', 'featureType']],
            ),
          },
        ),
      ),
    };
  }
  if ((m = /^(?:\/workspaces\/([^/]+))?\/styles(?:\.json|\/([^/]+?))?(\.sld)?$/.exec(decodeURIComponent(url.pathname.replace(/^\/geoserver\/rest/, ''))))) {
    const [, ws, name, sldSuffix] = m;
    const styles = ws ? catalog.workspaces.get(ws)?.styles : catalog.globalStyles;
    if (!styles) return { status: 404, body: `No such workspace: '${ws}' found` };
    const styleName = name?.replace(/\.json$/, '');
    if (!styleName) {
      if (method === 'POST') {
        const created = url.searchParams.get('name') ?? 'unnamed';
        if (styles.has(created)) return { status: 409, body: `Style '${created}' already exists` };
        styles.set(created, request.body ?? '');
        return { status: 201, body: created };
      }
      return {
        status: 200,
        body: list(
          'styles',
          'style',
          [...styles.keys()].map((n) => ({ name: n, href: '' })),
        ),
      };
    }
    if (!styles.has(styleName)) return { status: 404, body: `No such style: ${styleName}` };
    if (method === 'PUT') {
      // A document the browser's check passes and this server refuses, as a server's own rules may.
      if ((request.body ?? '').includes('<!-- refused by the server -->')) {
        return {
          status: 400,
          contentType: 'application/problem+json',
          body: { detail: 'Invalid style: line 2, column 3: nope', issues: [{ line: 2, column: 3, code: 'x', message: 'The server says no' }] },
        };
      }
      styles.set(styleName, request.body ?? '');
      return { status: 200 };
    }
    if (method === 'DELETE') {
      styles.delete(styleName);
      return { status: 200 };
    }
    if (sldSuffix) return { status: 200, body: styles.get(styleName), contentType: 'application/vnd.ogc.sld+xml' };
    return {
      status: 200,
      body: record('style', declaredRep(Style, { name: styleName, format: 'sld', languageVersion: '1.0.0', filename: `${styleName}.sld` })),
    };
  }
  return { status: 404, body: `No such resource: ${method} ${url.pathname}` };
}
