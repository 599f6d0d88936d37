import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { CatalogError } from '@geocatalog/catalog-model';
import type { StoreHosts } from '../../config/store-hosts';

/** Where a store's parameters point: `host`, `port` and `database` as sent or stored. */
export interface StoreAddress {
  host?: string;
  port?: string;
  database?: string;
}

/**
 * The catalog's own database as a store could reach it: its server and port, and its name
 * (undefined for the embedded catalog, which serves one database whatever name a client asks for).
 */
export interface OwnDatabase {
  host: string;
  port: number;
  database?: string;
}

/** Every address a name resolves to (`getaddrinfo`: DNS and the hosts file); rejects when it resolves to none. */
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Link-local addresses (169.254.0.0/16, fe80::/10, and the IPv4 ones written as `::ffff:…`):
 * cloud metadata services live there, so no store connects to one unless STORE_HOSTS lists it.
 */
const LINK_LOCAL = addressList(['169.254.0.0/16', 'fe80::/10']);

/** This machine under any name: loopback (127.0.0.0/8, ::1), unspecified (0.0.0.0/8, ::). */
const LOOPBACK = ['127.0.0.0/8', '0.0.0.0/8', '::1/128', '::/128'];

/**
 * Where data stores may connect (contract §6): STORE_HOSTS (see {@link StoreHosts}), never a
 * link-local address STORE_HOSTS does not list, never the catalog's own database. Host names are
 * resolved and compared by address (`localhost`, `::1`, `::ffff:127.0.0.1` and this machine's
 * interface addresses are one server); a connection then goes to the checked address, so a second
 * lookup cannot lead elsewhere.
 */
export class StoreReach {
  constructor(
    private readonly hosts: StoreHosts | undefined,
    private readonly own: OwnDatabase | undefined,
    private readonly resolve: Resolve = resolveAll,
  ) {}

  /**
   * The address to connect to for `target`, or INVALID_VALUE naming why it may not be reached.
   * Without `connecting` (a store being saved) nothing but a name lookup happens, and a name that
   * does not resolve is let through; when `connecting`, such a name fails as the lookup did.
   */
  async reach(target: StoreAddress, connecting: boolean): Promise<string> {
    const written = (target.host ?? '').trim() || 'localhost';
    const refused = (why: string) => new CatalogError('INVALID_VALUE', `Data stores may not connect to '${written}': ${why}`);
    const listed = (why: string) => refused(`${why} (STORE_HOSTS is ${this.hosts!.entries.join(', ')})`);
    const ip = written.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
    // A Unix-domain socket directory: this machine's server, by no address.
    const socket = written.startsWith('/');
    let addresses: string[] | undefined = isIP(ip) ? [ip] : undefined;
    if (this.hosts && !this.hosts.allowsAsWritten(written)) {
      if (!this.hosts.checksAddresses || addresses || socket) throw listed('it is not in STORE_HOSTS');
      addresses = await this.resolve(written).catch(() => {
        throw listed('it does not resolve, and no name in STORE_HOSTS allows it');
      });
      if (!this.hosts.allowsAddresses(addresses)) throw listed(`it resolves to ${addresses.join(', ')}, not all of them in STORE_HOSTS`);
    }
    if (!addresses && !socket) {
      try {
        addresses = await this.resolve(written);
      } catch (err) {
        if (connecting) throw err;
      }
    }
    const linkLocal = addresses?.find((a) => inList(LINK_LOCAL, a) && !this.hosts?.allowsAddresses([a]));
    if (linkLocal) throw refused(`${linkLocal} is a link-local address (169.254.0.0/16, fe80::/10), which STORE_HOSTS does not list`);
    if (await this.isOwnDatabase(written, socket ? 'socket' : addresses, target)) {
      const database = this.own!.database === undefined ? '' : `, database '${this.own!.database}'`;
      throw refused(`it is the catalog's own database (port ${this.own!.port}${database})`);
    }
    return addresses && !isIP(ip) ? addresses[0] : written;
  }

  /** Whether `host` (as resolved) with the target's port and database is where the catalog lives. */
  private async isOwnDatabase(host: string, addresses: string[] | 'socket' | undefined, target: StoreAddress): Promise<boolean> {
    const own = this.own;
    if (!own || portOf(target.port) !== own.port) return false;
    if (own.database !== undefined && (target.database ?? '').trim() !== own.database) return false;
    if (host.toLowerCase() === own.host.toLowerCase()) return true;
    if (addresses === undefined) return false;
    const ownAddresses = isIP(own.host) ? [own.host] : await this.resolve(own.host).catch(() => [] as string[]);
    const local = thisMachine();
    if (own.host.startsWith('/') || ownAddresses.some((a) => inList(local, a))) {
      return addresses === 'socket' || addresses.some((a) => inList(local, a));
    }
    return addresses !== 'socket' && addresses.some((a) => inList(addressList(ownAddresses), a));
  }
}

/** A store's port as the driver reads it (5432 when blank); NaN when it is no number. */
function portOf(port: string | undefined): number {
  const text = (port ?? '').trim() || '5432';
  return /^\d+$/.test(text) ? Number(text) : NaN;
}

/** Addresses and CIDR ranges; an IPv4 entry also matches its `::ffff:` form. */
function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 4) {
      const bits = prefix === undefined ? 32 : Number(prefix);
      list.addSubnet(address, bits, 'ipv4');
      list.addSubnet(`::ffff:${address}`, 96 + bits, 'ipv6');
    } else if (family === 6) {
      list.addSubnet(address, prefix === undefined ? 128 : Number(prefix), 'ipv6');
    }
  }
  return list;
}

function inList(list: BlockList, address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Loopback, unspecified, and every address of this machine's interfaces (read when asked: they change). */
function thisMachine(): BlockList {
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address.replace(/%.*$/, ''));
  return addressList([...LOOPBACK, ...own]);
}

/**
 * The catalog's own database from its connection URL (`DATABASE_URL`, or the embedded server's):
 * host (a `?host=` socket directory wins), port (5432 by default) and database name (the user's
 * name by default, as PostgreSQL does). On the embedded catalog any name reaches the one database.
 */
export function ownDatabaseOf(catalog: { url: string; embedded?: unknown }): OwnDatabase {
  const url = new URL(catalog.url);
  const host = url.searchParams.get('host') || url.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  const port = Number(url.port || url.searchParams.get('port') || 5432);
  if (catalog.embedded) return { host, port };
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || undefined;
  return { host, port, database };
}
