/**
 * GeoServer's `security/layers.properties` and `services.properties` in a data directory (contract
 * §8, §12): imported with GeoServer's role names mapped, with the same effect as rules written over
 * REST, and exported back byte-stable.
 */
import { createUser, grantRole } from '../support/catalog';
import { clearFixture, FIXTURE_SQL, importZip, ok, planLines, unzipText, zipDirectory } from '../support/data-directory';
import { uniqueName } from '../support/geoserver';
import { useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

beforeAll(async () => {
  await ctx.db.query(FIXTURE_SQL);
});

/** As GeoServer writes it: a date comment, its own role names, a rule on a layer of `city`. */
const LAYERS_PROPERTIES = `#Thu Nov 27 10:00:00 UTC 2026
mode=HIDE
*.*.r=ROLE_AUTHENTICATED
*.*.w=ROLE_ADMINISTRATOR
*.*.a=ROLE_ADMINISTRATOR
city.*.r=ROLE_CITY
city.*.a=ROLE_ADMINISTRATOR
city.city_roads.r=ROLE_CITY,ROLE_ROADS
`;
const SERVICES_PROPERTIES = 'wms.GetMap=ROLE_AUTHENTICATED\n';

describe('data rules in a data directory', () => {
  it('imports layers.properties with the same effect as REST rules, and exports it back byte-stable', async () => {
    const { api } = ctx;
    const dir = clearFixture(ctx.db);
    dir.set('security/layers.properties', LAYERS_PROPERTIES);
    dir.set('security/services.properties', SERVICES_PROPERTIES);
    const dry = ok(await importZip(api, zipDirectory(dir), '?dryRun=true'));
    expect(planLines(dry)).toEqual(
      expect.arrayContaining([
        'unchanged rule /security/acl/layers/mode',
        'unchanged rule /security/acl/layers/*.*.r',
        'create rule /security/acl/layers/city.*.r',
        'create rule /security/acl/layers/city.city_roads.r',
        'create serviceRule /security/acl/services/wms.GetMap',
      ]),
    );
    expect((await api.get('/security/acl/layers.json')).json()['city.*.r']).toBeUndefined();

    ok(await importZip(api, zipDirectory(dir)));
    expect((await api.get('/security/acl/layers.json')).json()).toMatchObject({
      '*.*.r': 'AUTHENTICATED',
      'city.*.r': 'ROLE_CITY',
      'city.*.a': 'ADMIN',
      'city.city_roads.r': 'ROLE_CITY,ROLE_ROADS',
    });
    expect((await api.get('/security/acl/services.json')).json()).toEqual({ 'wms.GetMap': 'AUTHENTICATED' });

    // The effect: READER no longer sees city; ROLE_CITY does; ROLE_ROADS sees the one layer only.
    const user = async (role: string) => {
      const creds = { user: uniqueName('dd'), password: 'pw-Dir-1' };
      await createUser(api, creds.user, creds.password);
      if (role !== 'READER') ok(await api.post(`/security/roles/role/${role}`), 201);
      await grantRole(api, role, creds.user);
      return api.as(creds);
    };
    const reader = await user('READER');
    const city = await user('ROLE_CITY');
    const roads = await user('ROLE_ROADS');
    expect(await reader.get('/workspaces/city.json')).toHaveStatus(404);
    expect((await reader.get('/workspaces.json')).text).not.toContain('"city"');
    expect(await city.get('/workspaces/city.json')).toHaveStatus(200);
    expect(await city.get('/layers/city:city_roads.json')).toHaveStatus(200);
    expect(await roads.get('/layers/city:city_roads.json')).toHaveStatus(200);
    expect(await roads.get('/workspaces/city/datastores/city_db.json')).toHaveStatus(404);

    // Exported as GeoServer names the roles, without the date line; again and again the same bytes.
    const first = unzipText(ok(await api.get('/catalog/export')).bytes);
    expect(first.get('security/layers.properties')).toBe(
      [
        'mode=HIDE',
        '*.*.r=ROLE_AUTHENTICATED',
        '*.*.w=ROLE_ADMINISTRATOR',
        '*.*.a=ROLE_ADMINISTRATOR',
        'city.*.r=ROLE_CITY',
        'city.*.a=ROLE_ADMINISTRATOR',
        'city.city_roads.r=ROLE_CITY,ROLE_ROADS',
        '',
      ].join('\n'),
    );
    expect(first.get('security/services.properties')).toBe(SERVICES_PROPERTIES);
    const again = ok(await importZip(api, zipDirectory(first)));
    expect(planLines(again).filter((l) => / (rule|serviceRule) /.test(l) && !l.startsWith('unchanged '))).toEqual([]);
    const second = unzipText(ok(await api.get('/catalog/export')).bytes);
    expect(second.get('security/layers.properties')).toBe(first.get('security/layers.properties'));
    expect(second.get('security/services.properties')).toBe(first.get('security/services.properties'));

    // Leave the catalog's rules as the other specs expect them.
    for (const key of ['city.*.r', 'city.*.a', 'city.city_roads.r']) ok(await api.delete(`/security/acl/layers/${key}`));
    ok(await api.delete('/security/acl/services/wms.GetMap'));
  }, 60_000);

  it('skips a line that is no rule, naming it, and imports the others', async () => {
    const { api } = ctx;
    const dir = clearFixture(ctx.db);
    dir.set('security/layers.properties', 'city.*.x=ROLE_A\nparks.*.r=ROLE_PARKS\n');
    const res = ok(await importZip(api, zipDirectory(dir), '?dryRun=true'));
    expect(planLines(res)).toEqual(expect.arrayContaining(['skip rule /security/acl/layers', 'create rule /security/acl/layers/parks.*.r']));
    expect((res.json().plan as Array<{ kind: string; reason?: string }>).find((e) => e.kind === 'rule' && e.reason)?.reason).toContain(
      "unknown access mode 'x'",
    );
  });

  it('with prune, the file is the whole server’s rules: rules it lacks are deleted, a missing mode line is HIDE again', async () => {
    const { api } = ctx;
    ok(await api.postJson('/security/acl/layers', { 'parks.*.r': 'READER', 'parks.*.a': 'ADMIN' }));
    ok(await api.postJson('/security/acl/services', { 'wms.GetMap': 'READER' }));
    ok(await api.putJson('/security/acl/catalog', { mode: 'CHALLENGE' }));
    const dir = clearFixture(ctx.db);
    dir.set('security/layers.properties', '*.*.r=ROLE_AUTHENTICATED\n*.*.w=ROLE_ADMINISTRATOR\n*.*.a=ROLE_ADMINISTRATOR\nparks.*.r=ROLE_PARKS\n');
    // Without prune the rules the file lacks stay; services.properties absent: the service rules are not touched.
    const kept = ok(await importZip(api, zipDirectory(dir), '?dryRun=true'));
    expect(planLines(kept).filter((l) => l.startsWith('delete rule') || l.includes('/security/acl/layers/mode'))).toEqual([]);
    const dry = ok(await importZip(api, zipDirectory(dir), '?prune=true&dryRun=true'));
    expect(planLines(dry).filter((l) => / (rule|serviceRule) /.test(l) && !l.startsWith('unchanged '))).toEqual([
      'update rule /security/acl/layers/parks.*.r',
      'delete rule /security/acl/layers/parks.*.a',
      'update rule /security/acl/layers/mode',
    ]);
    expect((await api.get('/security/acl/layers.json')).json()['parks.*.a']).toBe('ADMIN');

    ok(await importZip(api, zipDirectory(dir), '?prune=true'));
    expect((await api.get('/security/acl/layers.json')).json()).toEqual({
      '*.*.r': 'AUTHENTICATED',
      '*.*.w': 'ADMIN',
      '*.*.a': 'ADMIN',
      'parks.*.r': 'ROLE_PARKS',
    });
    expect((await api.get('/security/acl/catalog.json')).json()).toEqual({ mode: 'HIDE' });
    expect((await api.get('/security/acl/services.json')).json()).toEqual({ 'wms.GetMap': 'READER' });
    // One request in the history, as every import.
    const changes = (await api.get('/changes.json?limit=3&resource=/security/acl/layers')).json().changes.change as Array<{
      request: string;
      operation: string;
      resource: string;
    }>;
    expect(changes.map((c) => `${c.operation} ${c.resource}`)).toEqual(
      expect.arrayContaining(['update /security/acl/layers/mode', 'delete /security/acl/layers/parks.*.a', 'update /security/acl/layers/parks.*.r']),
    );
    expect(new Set(changes.map((c) => c.request)).size).toBe(1);

    ok(await api.delete('/security/acl/layers/parks.*.r'));
    ok(await api.delete('/security/acl/services/wms.GetMap'));
  });
});
