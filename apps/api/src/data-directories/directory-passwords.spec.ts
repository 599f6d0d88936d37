import { directoryPasswords, PasswordSources } from './directory-passwords';

const base = { host: 'db', port: '5432', database: 'gis', user: 'gis', dbtype: 'postgis' };

function sources(overrides: Partial<PasswordSources> = {}): PasswordSources {
  return {
    crypt1: {
      decrypt: (v: string) => {
        if (v !== 'crypt1:good') throw new Error('bad padding');
        return 'from-crypt1';
      },
    },
    secrets: new Map(),
    ownValue: (v: string) => v === 'crypt2:mine',
    ...overrides,
  };
}

describe('directoryPasswords', () => {
  it('takes clear text and plain: as they are, keeps this catalog’s crypt2:, decrypts crypt1:', () => {
    expect(directoryPasswords('w', 's', { ...base, passwd: 'clear' }, sources())).toEqual({ params: { ...base, passwd: 'clear' } });
    expect(directoryPasswords('w', 's', { ...base, passwd: 'plain:p:x' }, sources())).toEqual({ params: { ...base, passwd: 'p:x' } });
    expect(directoryPasswords('w', 's', { ...base, passwd: 'crypt2:mine' }, sources())).toEqual({ params: { ...base, passwd: 'crypt2:mine' } });
    expect(directoryPasswords('w', 's', { ...base, passwd: 'crypt1:good' }, sources())).toEqual({ params: { ...base, passwd: 'from-crypt1' } });
  });

  it('lets secrets win over every stored form', () => {
    const s = sources({ secrets: new Map([['w:s', 'given']]) });
    for (const passwd of ['clear', 'crypt1:good', 'crypt2:foreign', 'crypt9:x']) {
      expect(directoryPasswords('w', 's', { ...base, passwd }, s)).toEqual({ params: { ...base, passwd: 'given' } });
    }
  });

  it('skips, with a reason that says password, what it cannot open', () => {
    const cases: Array<[string, PasswordSources]> = [
      ['crypt1:good', sources({ crypt1: { unavailable: 'the directory has no security/geoserver.jceks' } })],
      ['crypt1:tampered', sources()],
      ['crypt2:foreign', sources()],
      ['crypt7:x', sources()],
    ];
    for (const [passwd, s] of cases) {
      const out = directoryPasswords('w', 's', { ...base, passwd }, s);
      expect(out).toEqual({ skip: expect.stringMatching(/^password: .*"w:s"/) });
    }
    expect(directoryPasswords('w', 's', { ...base, passwd: 'crypt1:good' }, sources({ crypt1: { unavailable: 'no security folder' } }))).toEqual({
      skip: expect.stringContaining('no security folder'),
    });
  });

  it('treats every key that names a password alike, and leaves others alone', () => {
    const out = directoryPasswords('w', 's', { ...base, passwd: 'plain:a', Password: 'crypt1:good', 'Expose primary keys': 'crypt1:notapassword' }, sources());
    expect(out).toEqual({ params: { ...base, passwd: 'a', Password: 'from-crypt1', 'Expose primary keys': 'crypt1:notapassword' } });
  });
});
