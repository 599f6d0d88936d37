import { join } from 'node:path';
import type { DirFiles } from './data-directory';
import { readDirFiles } from './dir-files-on-disk';
import { readDataDirectory } from './read-data-directory';
import { writeDataDirectory } from './write-data-directory';

/** The e2e fixture: a data directory written the way GeoServer writes one. */
const FIXTURE = join(__dirname, '../../../../e2e/fixtures/geoserver-datadir');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function filesOf(entries: Record<string, string>): DirFiles {
  return new Map(Object.entries(entries).map(([path, text]) => [path, encoder.encode(text)]));
}

const WS = '<workspace><id>WorkspaceInfoImpl-w1</id><name>acme</name></workspace>';
const NS = '<namespace><id>NamespaceInfoImpl-n1</id><prefix>acme</prefix><uri>urn:acme</uri></namespace>';
const STORE = (type = 'PostGIS', dbtype = 'postgis') =>
  `<dataStore><id>DataStoreInfoImpl-s1</id><name>db</name><type>${type}</type><enabled>true</enabled>` +
  `<workspace><id>WorkspaceInfoImpl-w1</id></workspace><connectionParameters><entry key="dbtype">${dbtype}</entry></connectionParameters></dataStore>`;
const FT = (name: string) =>
  `<featureType><id>FeatureTypeInfoImpl-${name}</id><name>${name}</name><namespace><id>NamespaceInfoImpl-n1</id></namespace>` +
  `<srs>EPSG:4326</srs><store class="dataStore"><id>DataStoreInfoImpl-s1</id></store></featureType>`;
const LAYER = (name: string) =>
  `<layer><name>${name}</name><id>LayerInfoImpl-${name}</id><type>VECTOR</type><defaultStyle><name>point</name></defaultStyle>` +
  `<resource class="featureType"><id>FeatureTypeInfoImpl-${name}</id></resource></layer>`;
const STYLE = '<style><id>StyleInfoImpl-st1</id><name>dots</name><format>sld</format><filename>dots.sld</filename></style>';

/** `<layerGroup>` with members given as `[type, id]` and one style id (or '') per member. */
function group(id: string, name: string, members: Array<[string, string]>, styles: string[] = [], workspace = true): string {
  return (
    `<layerGroup><id>${id}</id><name>${name}</name><mode>SINGLE</mode>` +
    (workspace ? '<workspace><id>WorkspaceInfoImpl-w1</id></workspace>' : '') +
    `<publishables>${members.map(([type, ref]) => `<published type="${type}"><id>${ref}</id></published>`).join('')}</publishables>` +
    `<styles>${styles.map((s) => (s ? `<style><id>${s}</id></style>` : '<style/>')).join('')}</styles></layerGroup>`
  );
}

/** Workspace acme with layers a and b, global style dots, and the files given. */
function acme(extra: Record<string, string>, store = STORE()): DirFiles {
  return filesOf({
    'workspaces/acme/workspace.xml': WS,
    'workspaces/acme/namespace.xml': NS,
    'workspaces/acme/db/datastore.xml': store,
    'workspaces/acme/db/a/featuretype.xml': FT('a'),
    'workspaces/acme/db/a/layer.xml': LAYER('a'),
    'workspaces/acme/db/b/featuretype.xml': FT('b'),
    'workspaces/acme/db/b/layer.xml': LAYER('b'),
    'styles/dots.xml': STYLE,
    'styles/dots.sld': '<StyledLayerDescriptor version="1.0.0"/>',
    ...extra,
  });
}

describe('layer groups of a data directory', () => {
  it('reads the fixture’s groups: members and styles by id, the nested group first', () => {
    const dir = readDataDirectory(readDirFiles(FIXTURE));
    expect(dir.problems).toEqual([]);
    expect(dir.layerGroups.map((g) => ({ file: g.file, workspace: g.workspace, input: g.input, members: g.members, styles: g.styles }))).toEqual([
      {
        file: 'workspaces/city/layergroups/city_base.xml',
        workspace: 'city',
        input: {
          name: 'city_base',
          mode: 'SINGLE',
          title: 'City base map',
          abstractTxt: 'The roads under the places of interest',
          bounds: { minx: 259775.1637151832, maxx: 262725.13022120495, miny: 6247790.047288093, maxy: 6251579.565257282, crs: 'EPSG:3857' },
          keywords: ['base', 'city'],
        },
        members: [
          { type: 'layer', workspace: 'city', name: 'city_roads' },
          { type: 'layer', workspace: 'city', name: 'city_places' },
        ],
        styles: [{ workspace: 'city', name: 'roads' }, { name: 'highlight' }],
      },
      {
        file: 'layergroups/city_all.xml',
        workspace: undefined,
        input: expect.objectContaining({ name: 'city_all', mode: 'NAMED', title: 'All of the city' }),
        members: [
          { type: 'layerGroup', workspace: 'city', name: 'city_base' },
          { type: 'layer', workspace: 'city', name: 'city_places' },
        ],
        styles: [null, null],
      },
    ]);
  });

  it('orders groups by what they hold, whatever the order of their files', () => {
    // The workspace group (read first) holds the global one (read last), which holds b.
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/layergroups/outer.xml': group('G-outer', 'outer', [
          ['layerGroup', 'G-inner'],
          ['layer', 'LayerInfoImpl-a'],
        ]),
        'layergroups/inner.xml': group('G-inner', 'inner', [['layer', 'LayerInfoImpl-b']], ['StyleInfoImpl-st1'], false),
      }),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.layerGroups.map((g) => [g.workspace, g.input.name, g.members.map((m) => `${m.type} ${m.workspace ?? ''}:${m.name}`)])).toEqual([
      [undefined, 'inner', ['layer acme:b']],
      ['acme', 'outer', ['layerGroup :inner', 'layer acme:a']],
    ]);
    expect(dir.layerGroups[0].styles).toEqual([{ name: 'dots' }]);
    // Fewer styles than members: the others are drawn with their default.
    expect(dir.layerGroups[1].styles).toEqual([null, null]);
  });

  it('skips a group holding a skipped layer, and a group holding that group, naming the member', () => {
    const dir = readDataDirectory(
      acme(
        {
          'workspaces/acme/layergroups/g1.xml': group('G1', 'g1', [['layer', 'LayerInfoImpl-a']]),
          'workspaces/acme/layergroups/g2.xml': group('G2', 'g2', [['layerGroup', 'G1']]),
        },
        STORE('Shapefile', 'shapefile'),
      ),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.layerGroups).toEqual([]);
    expect(dir.skipped.filter((s) => s.kind === 'layerGroup')).toEqual([
      {
        kind: 'layerGroup',
        resource: '/workspaces/acme/layergroups/g1',
        reason: 'Its member layer acme:a is skipped: The layer of /workspaces/acme/datastores/db/featuretypes/a, which is skipped',
      },
      {
        kind: 'layerGroup',
        resource: '/workspaces/acme/layergroups/g2',
        reason:
          'Its member layer group acme:g1 is skipped: Its member layer acme:a is skipped: The layer of /workspaces/acme/datastores/db/featuretypes/a, which is skipped',
      },
    ]);
  });

  it('refuses a cycle, an empty group, too many styles and a dangling member, naming the file', () => {
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/layergroups/c1.xml': group('C1', 'c1', [['layerGroup', 'C2']]),
        'workspaces/acme/layergroups/c2.xml': group('C2', 'c2', [
          ['layer', 'LayerInfoImpl-a'],
          ['layerGroup', 'C1'],
        ]),
        'workspaces/acme/layergroups/empty.xml': group('E', 'empty', []),
        'workspaces/acme/layergroups/styles.xml': group('S', 'styles', [['layer', 'LayerInfoImpl-a']], ['', '']),
        'workspaces/acme/layergroups/dangling.xml': group('D', 'dangling', [['layer', 'LayerInfoImpl-nowhere']]),
      }),
    );
    expect(dir.problems.map((p) => [p.file, p.reason])).toEqual([
      [
        'workspaces/acme/layergroups/dangling.xml',
        "Its published refers to the layer id 'LayerInfoImpl-nowhere', which is neither in the directory nor in this catalog",
      ],
      ['workspaces/acme/layergroups/empty.xml', 'It has no members: GeoServer refuses an empty layer group'],
      ['workspaces/acme/layergroups/styles.xml', 'It has 2 styles for 1 members'],
      ['workspaces/acme/layergroups/c2.xml', 'It is in a cycle of layer groups, which GeoServer refuses: acme:c1 > acme:c2 > acme:c1'],
    ]);
    expect(dir.layerGroups).toEqual([]);
  });

  it('reads GeoServer’s older <layers> form and members named rather than by id', () => {
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/layergroups/old.xml':
          '<layerGroup><name>old</name><workspace><id>WorkspaceInfoImpl-w1</id></workspace>' +
          '<layers><layer><id>LayerInfoImpl-a</id></layer><layer><name>acme:b</name></layer></layers><styles><style/></styles></layerGroup>',
      }),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.layerGroups.map((g) => [g.input.name, g.members, g.styles])).toEqual([
      [
        'old',
        [
          { type: 'layer', workspace: 'acme', name: 'a' },
          { type: 'layer', workspace: 'acme', name: 'b' },
        ],
        [null, null],
      ],
    ]);
  });

  it('writes groups as GeoServer does: <id> first, members and styles by id, <style/> for a default, no dates; read back the same', () => {
    const read = readDataDirectory(readDirFiles(FIXTURE));
    const files = writeDataDirectory(read);
    const text = (path: string) => decoder.decode(files.get(path));
    const base = text('workspaces/city/layergroups/city_base.xml');
    const all = text('layergroups/city_all.xml');
    // The fixture's ids are kept by the reader, so the files are the fixture's but for what GeoServer computes live.
    const fixture = readDirFiles(FIXTURE);
    const withoutLive = (xml: string) => xml.replace(/\n {2}<(dateCreated|dateModified)>[^<]*<\/\1>|\n {2}<international(Title|Abstract)\/>/g, '');
    expect(base).toBe(withoutLive(decoder.decode(fixture.get('workspaces/city/layergroups/city_base.xml'))));
    expect(all).toBe(withoutLive(decoder.decode(fixture.get('layergroups/city_all.xml'))));
    const again = readDataDirectory(files);
    expect(again.problems).toEqual([]);
    expect(again.layerGroups.map((g) => [g.workspace, g.input, g.members, g.styles])).toEqual(
      read.layerGroups.map((g) => [g.workspace, g.input, g.members, g.styles]),
    );
  });
});
