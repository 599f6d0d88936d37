import { BlockList, isIP } from 'node:net';

/**
 * `STORE_HOSTS`: where data stores may connect. Each entry is a host name (`db.example.org`, any
 * case), a wildcard for the names below a domain (`*.db.example.org`, not the domain itself), an
 * IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). A host written as a name is
 * allowed when a name entry matches it, or else when every address it resolves to is in an
 * address entry (the connection then goes to the checked address, so DNS cannot swap it).
 */
export class StoreHosts {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly addresses = new BlockList();
  private hasAddresses = false;

  private constructor(readonly entries: readonly string[]) {}

  /** The allow-list, or the reasons its entries are not understood. */
  static parse(entries: readonly string[]): StoreHosts | { problems: string[] } {
    const list = new StoreHosts(entries);
    const problems: string[] = [];
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      const problem = list.add(entry);
      if (problem) problems.push(`STORE_HOSTS entry '${raw}' ${problem}`);
    }
    return problems.length ? { problems } : list;
  }

  private add(entry: string): string | undefined {
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const address = entry.slice(0, slash);
      const prefix = Number(entry.slice(slash + 1));
      const family = isIP(address);
      const max = family === 4 ? 32 : 128;
      if (!family || !/^\d{1,3}$/.test(entry.slice(slash + 1)) || prefix > max) return 'is not a CIDR range like 10.0.0.0/8 or fd00::/8';
      this.addresses.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
      this.hasAddresses = true;
      return undefined;
    }
    const bare = entry.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(bare);
    if (family) {
      this.addresses.addAddress(bare, family === 4 ? 'ipv4' : 'ipv6');
      this.hasAddresses = true;
      return undefined;
    }
    if (entry.startsWith('*.')) {
      if (!isHostName(entry.slice(2))) return 'is not a wildcard like *.db.example.org';
      this.suffixes.push(entry.slice(1));
      return undefined;
    }
    if (!isHostName(entry)) return 'is not a host name, address, *.domain or CIDR range';
    this.names.add(entry);
    return undefined;
  }

  /** True when `host`, as written, is allowed without looking it up (a name entry, or an address in range). */
  allowsAsWritten(host: string): boolean {
    const h = host.trim().toLowerCase().replace(/\.$/, '');
    const bare = h.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(bare);
    if (family) return this.addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6') || this.addresses.check(mappedV4(bare) ?? '', 'ipv4');
    return this.names.has(h) || this.suffixes.some((suffix) => h.endsWith(suffix) && h.length > suffix.length);
  }

  /** True when every address is in an address entry. */
  allowsAddresses(addresses: readonly string[]): boolean {
    return (
      this.hasAddresses &&
      addresses.length > 0 &&
      addresses.every((a) => {
        const family = isIP(a);
        return family !== 0 && (this.addresses.check(a, family === 4 ? 'ipv4' : 'ipv6') || this.addresses.check(mappedV4(a) ?? '', 'ipv4'));
      })
    );
  }

  /** True when a name may be allowed by its addresses (there are address entries to check them against). */
  get checksAddresses(): boolean {
    return this.hasAddresses;
  }
}

/** `::ffff:10.0.0.1` → `10.0.0.1`. */
function mappedV4(address: string): string | undefined {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : undefined;
}

function isHostName(name: string): boolean {
  return name.length <= 253 && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name);
}
