import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ByteReader } from './byte-reader';
import { secretKeySpecBytes } from './java-serialized-key';
import { readJavaObject } from './java-serialization';

const FIXTURES = join(__dirname, 'fixtures');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, string>;
const serialized = readFileSync(join(FIXTURES, 'secret-key-spec.ser'));

const read = (hex: string) => readJavaObject(new ByteReader(Buffer.from(hex.replace(/\s+/g, ''), 'hex'), 'test stream'));

describe('Java serialization, as much as a JCEKS key store needs', () => {
  it('reads a SecretKeySpec serialized by the JDK', () => {
    const key = secretKeySpecBytes(serialized);
    expect(key.algorithm).toBe('PBE');
    expect(Buffer.from(key.key).toString('utf8')).toBe(expected.configPasswordKey);
  });

  it('fails with a message at every truncation', () => {
    for (let length = 0; length < serialized.length; length++) {
      expect(() => secretKeySpecBytes(serialized.subarray(0, length))).toThrow(/\S/);
    }
  });

  it('refuses a class that is its own superclass', () => {
    // TC_OBJECT TC_CLASSDESC "A" uid flags=SERIALIZABLE 0 fields TC_ENDBLOCKDATA super=TC_REFERENCE(0x7e0000)
    expect(() => read('aced0005 73 72 0001 41 0000000000000001 02 0000 78 71 007e0000')).toThrow('its own superclass');
  });

  it('refuses nesting deeper than a key store ever needs', () => {
    // An Object[] holding an Object[] holding … 40 deep.
    const open = '75 72 0013 5b4c6a6176612e6c616e672e4f626a6563743b 0000000000000001 02 0000 78 70 00000001';
    const nested = '75 71 007e0000 00000001';
    expect(() => read(`aced0005 ${open} ${nested.repeat(40)} 70`)).toThrow('nested too deeply');
  });

  it('refuses an array longer than the data and a bad header', () => {
    expect(() => read('aced0005 75 72 0002 5b42 0000000000000001 02 0000 78 70 7fffffff 00')).toThrow('cut short');
    expect(() => read('acee0005 70')).toThrow('magic AC ED');
    expect(() => read('aced0005 7e')).toThrow('unsupported serialized type code 0x7e');
  });
});
