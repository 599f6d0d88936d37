import type { FakeAnswer, RecordedRequest } from './fake-rest';

/** A group of the fake catalog, as the REST API's JSON names its members. */
export interface FakeGroup {
  workspace: string | null;
  name: string;
  mode: string;
  title: string;
  members: Array<{ type: 'layer' | 'layerGroup'; name: string; style: string | null }>;
}

const H = 'http://h/geoserver/rest';

function representation(g: FakeGroup) {
  return {
    layerGroup: {
      name: g.name,
      mode: g.mode,
      title: g.title,
      ...(g.workspace ? { workspace: { name: g.workspace } } : {}),
      publishables: { published: g.members.map((m) => ({ '@type': m.type, name: m.name, href: `${H}/layers/${m.name}.json` })) },
      styles: { style: g.members.map((m) => (m.style ? { name: m.style, href: `${H}/styles/${m.style}.json` } : '')) },
      bounds: { minx: -111.05, maxx: -102.04, miny: 37, maxy: 45, crs: 'EPSG:4326' },
    },
  };
}

/**
 * The layer group endpoints (`/layergroups`, `/workspaces/{ws}/layergroups`), answered from
 * `groups` in GeoServer's JSON shapes; for `catalogFetch`'s `extra`. A delete of a group other
 * groups hold is refused without `recurse`, as the api refuses it.
 */
export function layerGroupEndpoints(groups: FakeGroup[]) {
  return (request: RecordedRequest): FakeAnswer | null => {
    const url = new URL(request.url, 'http://h');
    const path = decodeURIComponent(url.pathname.replace(/^\/geoserver\/rest/, '')).replace(/\.json$/, '');
    const m = /^(?:\/workspaces\/([^/]+))?\/layergroups(?:\/([^/]+))?$/.exec(path);
    if (!m) return null;
    const workspace = m[1] ?? null;
    const name = m[2];
    const body = () => JSON.parse(request.body ?? '{}').layerGroup;
    const fromBody = (b: any): FakeGroup['members'] =>
      b.publishables.published.map((p: any, i: number) => ({
        type: p['@type'],
        name: p.name,
        style: b.styles.style[i] ? [b.styles.style[i].workspace, b.styles.style[i].name].filter(Boolean).join(':') : null,
      }));
    if (!name) {
      if (request.method === 'POST') {
        const b = body();
        if (groups.some((g) => g.workspace === workspace && g.name === b.name)) return { status: 409, body: `Layer group named '${b.name}' already exists` };
        groups.push({ workspace, name: b.name, mode: b.mode, title: b.title, members: fromBody(b) });
        return { status: 201, body: b.name };
      }
      const names = groups.filter((g) => g.workspace === workspace).map((g) => ({ name: g.name, href: '' }));
      return { status: 200, body: { layerGroups: names.length ? { layerGroup: names } : '' } };
    }
    const group = groups.find((g) => g.workspace === workspace && g.name === name);
    if (!group) return { status: 404, body: `No such layer group ${name}` };
    if (request.method === 'PUT') {
      const b = body();
      Object.assign(group, { mode: b.mode, title: b.title, members: fromBody(b) });
      return { status: 200 };
    }
    if (request.method === 'DELETE') {
      const qualified = workspace ? `${workspace}:${name}` : name;
      const holders = groups.filter((g) => g.members.some((mb) => mb.type === 'layerGroup' && mb.name === qualified));
      if (holders.length && url.searchParams.get('recurse') !== 'true') return { status: 403, body: 'Unable to delete layer group referenced by others' };
      for (const h of holders) h.members = h.members.filter((mb) => !(mb.type === 'layerGroup' && mb.name === qualified));
      groups.splice(groups.indexOf(group), 1);
      for (const h of holders) if (!h.members.length) groups.splice(groups.indexOf(h), 1);
      return { status: 200 };
    }
    return { status: 200, body: representation(group) };
  };
}
