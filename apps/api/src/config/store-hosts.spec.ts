import { StoreHosts } from './store-hosts';

function hosts(...entries: string[]): StoreHosts {
  const parsed = StoreHosts.parse(entries);
  if ('problems' in parsed) throw new Error(parsed.problems.join('; '));
  return parsed;
}

describe('STORE_HOSTS', () => {
  it('matches host names in any case, and wildcards below a domain only', () => {
    const list = hosts('db.example.org', '*.pg.example.com');
    expect(list.allowsAsWritten('DB.Example.org')).toBe(true);
    expect(list.allowsAsWritten('db.example.org.')).toBe(true);
    expect(list.allowsAsWritten('a.pg.example.com')).toBe(true);
    expect(list.allowsAsWritten('a.b.pg.example.com')).toBe(true);
    expect(list.allowsAsWritten('pg.example.com')).toBe(false);
    expect(list.allowsAsWritten('evilpg.example.com')).toBe(false);
    expect(list.allowsAsWritten('db.example.org.evil.net')).toBe(false);
    expect(list.allowsAsWritten('127.0.0.1')).toBe(false);
  });

  it('matches addresses and CIDR ranges, IPv4 and IPv6 (mapped IPv4 too)', () => {
    const list = hosts('10.0.0.0/8', '192.168.1.5', 'fd00::/8', '[::1]');
    expect(list.allowsAsWritten('10.200.3.4')).toBe(true);
    expect(list.allowsAsWritten('192.168.1.5')).toBe(true);
    expect(list.allowsAsWritten('192.168.1.6')).toBe(false);
    expect(list.allowsAsWritten('fd12::1')).toBe(true);
    expect(list.allowsAsWritten('[::1]')).toBe(true);
    expect(list.allowsAsWritten('::ffff:10.1.1.1')).toBe(true);
    expect(list.allowsAsWritten('fe80::1')).toBe(false);
    expect(list.allowsAsWritten('db.example.org')).toBe(false);
    expect(list.allowsAddresses(['10.1.1.1', 'fd00::2'])).toBe(true);
    expect(list.allowsAddresses(['10.1.1.1', '8.8.8.8'])).toBe(false);
    expect(list.allowsAddresses([])).toBe(false);
  });

  it('names what it does not understand', () => {
    const parsed = StoreHosts.parse(['10.0.0.0/33', 'not a host', '*.', 'fd00::/129', 'ok.example']);
    expect('problems' in parsed && parsed.problems).toEqual([
      "STORE_HOSTS entry '10.0.0.0/33' is not a CIDR range like 10.0.0.0/8 or fd00::/8",
      "STORE_HOSTS entry 'not a host' is not a host name, address, *.domain or CIDR range",
      "STORE_HOSTS entry '*.' is not a wildcard like *.db.example.org",
      "STORE_HOSTS entry 'fd00::/129' is not a CIDR range like 10.0.0.0/8 or fd00::/8",
    ]);
  });
});
