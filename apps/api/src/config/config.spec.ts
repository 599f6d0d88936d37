import { ConfigError, loadConfig } from './config';

describe('loadConfig: security settings', () => {
  it('defaults to trusting no proxy, no extra origins and stores anywhere', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(false);
    expect(config.allowedOrigins).toEqual([]);
    expect(config.storeHosts).toBeUndefined();
  });

  it('reads TRUST_PROXY, ALLOWED_ORIGINS (normalised origins) and STORE_HOSTS (any case)', () => {
    const config = loadConfig({
      TRUST_PROXY: 'on',
      ALLOWED_ORIGINS: ' https://Console.Example.com , http://localhost:5173',
      STORE_HOSTS: 'DB.internal, *.pg.example.com',
    });
    expect(config.trustProxy).toBe(true);
    expect(config.allowedOrigins).toEqual(['https://console.example.com', 'http://localhost:5173']);
    expect(config.storeHosts?.entries).toEqual(['DB.internal', '*.pg.example.com']);
    expect(config.storeHosts?.allowsAsWritten('db.INTERNAL')).toBe(true);
  });

  it('lists every bad security setting at once', () => {
    const bad = { TRUST_PROXY: 'maybe', ALLOWED_ORIGINS: 'javascript://x,https://ok.example/path', STORE_HOSTS: '10.0.0.0/33,db_1.local' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain("TRUST_PROXY must be on or off, got 'maybe'");
      expect(message).toContain("got 'javascript://x'");
      expect(message).toContain("got 'https://ok.example/path'");
      expect(message).toContain("STORE_HOSTS entry '10.0.0.0/33' is not a CIDR range");
      expect(message).toContain("STORE_HOSTS entry 'db_1.local' is not a host name");
    }
  });
});

describe('loadConfig: STORE_TIMEOUT_SECONDS', () => {
  it('gives data stores 10 s to answer unless told otherwise', () => {
    expect(loadConfig({}).storeTimeoutMs).toBe(10_000);
    expect(loadConfig({ STORE_TIMEOUT_SECONDS: '3' }).storeTimeoutMs).toBe(3_000);
    expect(loadConfig({ STORE_TIMEOUT_SECONDS: '3600' }).storeTimeoutMs).toBe(3_600_000);
  });

  it('refuses what is not a whole number of seconds from 1 to 3600', () => {
    for (const bad of ['0', '-1', '2.5', '3601', 'ten', '1e3']) {
      expect(() => loadConfig({ STORE_TIMEOUT_SECONDS: bad })).toThrow(`STORE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, got '${bad}'`);
    }
  });
});

describe('loadConfig: HISTORY_DAYS', () => {
  it('keeps 90 days unless told otherwise; 0 keeps for ever', () => {
    expect(loadConfig({}).historyDays).toBe(90);
    expect(loadConfig({ HISTORY_DAYS: '7' }).historyDays).toBe(7);
    expect(loadConfig({ HISTORY_DAYS: '0' }).historyDays).toBe(0);
  });

  it('refuses what is not a whole number of days', () => {
    for (const bad of ['-1', '1.5', 'ninety', '1e3']) {
      expect(() => loadConfig({ HISTORY_DAYS: bad })).toThrow(`HISTORY_DAYS must be a whole number of days (0 = keep for ever), got '${bad}'`);
    }
  });
});

describe('loadConfig: WORKERS', () => {
  const pg = { DATABASE_URL: 'postgres://db/catalog' };

  it('defaults to one worker per CPU on PostgreSQL, and to 1 on the embedded catalog', () => {
    expect(loadConfig(pg, () => 6).workers).toBe(6);
    expect(loadConfig(pg, () => 1).workers).toBe(1);
    expect(loadConfig({}, () => 6).workers).toBe(1);
  });

  it('leaves one CPU to PostgreSQL when it runs on this machine (never fewer than 1 worker)', () => {
    for (const local of [
      'postgres://postgres@127.0.0.1:5432/catalog',
      'postgres://localhost/catalog',
      'postgresql://u:p@[::1]:5433/catalog',
      'postgres:///catalog?host=/var/run/postgresql',
      'postgres://db/catalog?host=/tmp',
    ]) {
      expect(loadConfig({ DATABASE_URL: local }, () => 6).workers).toBe(5);
      expect(loadConfig({ DATABASE_URL: local }, () => 2).workers).toBe(1);
      expect(loadConfig({ DATABASE_URL: local }, () => 1).workers).toBe(1);
    }
    for (const remote of ['postgres://db.example.org/catalog', 'postgres://10.0.0.5/catalog', 'postgres://128.0.0.1/catalog'])
      expect(loadConfig({ DATABASE_URL: remote }, () => 2).workers).toBe(2);
    // Asked for: as asked.
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/catalog', WORKERS: '2' }, () => 2).workers).toBe(2);
  });

  it('caps the default at 64 (a 128-core machine does not open 1,280 catalog connections by itself)', () => {
    expect(loadConfig(pg, () => 128).workers).toBe(64);
  });

  it('takes a whole number from 1 to 64', () => {
    expect(loadConfig({ ...pg, WORKERS: '3' }, () => 8).workers).toBe(3);
    expect(loadConfig({ ...pg, WORKERS: '1' }, () => 8).workers).toBe(1);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'all', '65', '0x2', ' 2']) {
      expect(() => loadConfig({ ...pg, WORKERS: bad })).toThrow(`WORKERS must be a whole number from 1 to 64, got '${bad}'`);
    }
  });

  it('refuses more than one worker on the embedded catalog, saying why and what to do', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS=2 needs DATABASE_URL: the embedded catalog (PGlite, without DATABASE_URL) can be opened by one process only; set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
  });
});
