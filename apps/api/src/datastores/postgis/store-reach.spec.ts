import { networkInterfaces } from 'node:os';
import { StoreHosts } from '../../config/store-hosts';
import { ownDatabaseOf, OwnDatabase, Resolve, StoreReach } from './store-reach';

/** A resolver from a table (what DNS and the hosts file would say); unknown names do not resolve. */
function names(table: Record<string, string[]>): Resolve {
  return async (host) => {
    const found = table[host.toLowerCase()];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
}

const DNS = names({ localhost: ['::1', '127.0.0.1'], 'db.internal': ['10.0.0.5'], 'alias.internal': ['10.0.0.5'], 'other.internal': ['10.0.0.6'] });

function hosts(...entries: string[]): StoreHosts {
  const parsed = StoreHosts.parse(entries);
  if ('problems' in parsed) throw new Error(parsed.problems.join('; '));
  return parsed;
}

async function why(reach: StoreReach, host: string, port = '5432', database = 'cat', connecting = false): Promise<string> {
  try {
    return `ok ${await reach.reach({ host, port, database }, connecting)}`;
  } catch (err) {
    return (err as Error).message;
  }
}

describe("the catalog's own database", () => {
  const pg: OwnDatabase = { host: '127.0.0.1', port: 5432, database: 'cat' };
  const reach = new StoreReach(undefined, pg, DNS);

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1', '127.0.0.2', '0.0.0.0', '/var/run/postgresql'])(
    'on PostgreSQL: %s, port 5432, database cat is refused, naming why',
    async (host) => {
      expect(await why(reach, host)).toBe(`Data stores may not connect to '${host}': it is the catalog's own database (port 5432, database 'cat')`);
    },
  );

  it("this machine's interface addresses are this machine too", async () => {
    const address = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((i) => !i.internal)?.address;
    if (address) expect(await why(reach, address)).toContain("the catalog's own database");
  });

  it('another database or port on the same server stays a store (the sample database among them)', async () => {
    expect(await why(reach, 'localhost', '5432', 'gis')).toBe('ok ::1');
    expect(await why(reach, '127.0.0.1', '5433', 'cat')).toBe('ok 127.0.0.1');
    expect(await why(reach, '127.0.0.1', '5432', 'CAT')).toBe('ok 127.0.0.1');
  });

  it('on the embedded catalog, its port on any loopback, whatever the database name', async () => {
    const embedded = new StoreReach(undefined, { host: '127.0.0.1', port: 40123 }, DNS);
    for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1']) {
      expect(await why(embedded, host, '40123', 'anything')).toBe(`Data stores may not connect to '${host}': it is the catalog's own database (port 40123)`);
    }
    expect(await why(embedded, '127.0.0.1', '5433', 'postgres')).toBe('ok 127.0.0.1');
  });

  it('on another server, by any name or form of its address', async () => {
    const remote = new StoreReach(undefined, { host: 'db.internal', port: 5432, database: 'cat' }, DNS);
    for (const host of ['db.internal', 'alias.internal', '10.0.0.5', '::ffff:10.0.0.5']) {
      expect(await why(remote, host)).toContain("it is the catalog's own database");
    }
    expect(await why(remote, 'other.internal')).toBe('ok 10.0.0.6');
    expect(await why(remote, 'localhost')).toBe('ok ::1');
  });

  it('a name that resolves elsewhere when the store connects is checked again, and the checked address is used', async () => {
    let now: Record<string, string[]> = { 'flip.example': ['10.0.0.9'], localhost: ['127.0.0.1'] };
    const flipping = new StoreReach(undefined, pg, (host) => names(now)(host));
    expect(await why(flipping, 'flip.example')).toBe('ok 10.0.0.9');
    now = { 'flip.example': ['127.0.0.1'], localhost: ['127.0.0.1'] };
    expect(await why(flipping, 'flip.example', '5432', 'cat', true)).toContain("it is the catalog's own database");
    expect(await why(flipping, 'flip.example', '5432', 'gis', true)).toBe('ok 127.0.0.1');
  });

  it('a name that does not resolve: let through when saved, failing when connecting', async () => {
    expect(await why(reach, 'nowhere.invalid')).toBe('ok nowhere.invalid');
    expect(await why(reach, 'nowhere.invalid', '5432', 'cat', true)).toBe('getaddrinfo ENOTFOUND nowhere.invalid');
  });

  it("is read from the catalog's URL: DATABASE_URL, or the embedded server", () => {
    expect(ownDatabaseOf({ url: 'postgres://postgres@[::1]:5433/geocatalog' })).toEqual({ host: '::1', port: 5433, database: 'geocatalog' });
    expect(ownDatabaseOf({ url: 'postgresql://app@db.internal/' })).toEqual({ host: 'db.internal', port: 5432, database: 'app' });
    expect(ownDatabaseOf({ url: 'postgresql:///cat?host=/var/run/postgresql' })).toEqual({ host: '/var/run/postgresql', port: 5432, database: 'cat' });
    expect(ownDatabaseOf({ url: 'postgres://postgres:pw@127.0.0.1:40123/postgres', embedded: {} })).toEqual({ host: '127.0.0.1', port: 40123 });
  });
});

describe('link-local addresses', () => {
  const linkLocal = names({ 'metadata.internal': ['169.254.169.254'], 'v6.internal': ['fe80::1'] });

  it.each(['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '[fe80::1]', 'febf::1', 'metadata.internal', 'v6.internal'])(
    '%s is refused unless STORE_HOSTS lists it',
    async (host) => {
      const message = await why(new StoreReach(undefined, undefined, linkLocal), host);
      expect(message).toMatch(
        new RegExp(
          `^Data stores may not connect to '${host.replace(/[[\]]/g, '\\$&')}': .* is a link-local address \\(169\\.254\\.0\\.0/16, fe80::/10\\), which STORE_HOSTS does not list$`,
        ),
      );
      // Listed by address or range: allowed, and the connection goes to the checked address.
      const listed = new StoreReach(hosts('169.254.0.0/16', 'fe80::/10'), undefined, linkLocal);
      expect(await why(listed, host, '5432', 'x', true)).toMatch(/^ok /);
    },
  );

  it('a name entry of STORE_HOSTS does not list the link-local address it resolves to', async () => {
    const byName = new StoreReach(hosts('metadata.internal'), undefined, linkLocal);
    expect(await why(byName, 'metadata.internal')).toContain('is a link-local address');
  });

  it('is not 169.253.x or fec0::', async () => {
    const reach = new StoreReach(undefined, undefined, linkLocal);
    expect(await why(reach, '169.253.1.1')).toBe('ok 169.253.1.1');
    expect(await why(reach, 'fec0::1')).toBe('ok fec0::1');
  });
});
