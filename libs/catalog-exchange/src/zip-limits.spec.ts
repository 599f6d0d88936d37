import { strToU8, zipSync } from 'fflate';
import { unzipWithinLimits, ZIP_LIMITS, ZipTooLarge } from './zip-limits';

const LIMITS = { ...ZIP_LIMITS, entries: 3, fileBytes: 100, totalBytes: 150 };
const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
const accept = () => undefined;

describe('unzipWithinLimits', () => {
  it('gives the files of a zip within the limits, folder entries left out', () => {
    const files = unzipWithinLimits(zip({ 'a/': '', 'a/b.xml': '<b/>' }), LIMITS, accept);
    expect(Object.keys(files)).toEqual(['a/b.xml']);
  });

  it.each([
    ['a zip larger than zipBytes', zip({ 'a.xml': 'x' }), { ...LIMITS, zipBytes: 10 }, /larger than 10 bytes/],
    ['more entries than allowed', zip({ a: '1', b: '2', c: '3', d: '4' }), LIMITS, /more than 3 entries/],
    ['one file inflating past fileBytes', zip({ a: 'x'.repeat(101) }), LIMITS, /a inflates to more than 100 bytes/],
    ['files inflating past totalBytes together', zip({ a: 'x'.repeat(80), b: 'y'.repeat(80) }), LIMITS, /inflates to more than 150 bytes/],
  ])('refuses %s before inflating it', (_what, bytes, limits, message) => {
    expect(() => unzipWithinLimits(bytes, limits, accept)).toThrow(ZipTooLarge);
    expect(() => unzipWithinLimits(bytes, limits, accept)).toThrow(message);
  });

  it('lets checkName refuse a name before its file is inflated', () => {
    const seen: string[] = [];
    const check = (name: string) => {
      seen.push(name);
      if (name.includes('..')) throw new Error(`refused ${name}`);
    };
    expect(() => unzipWithinLimits(zip({ 'ok.xml': '1', '../evil': '2' }), LIMITS, check)).toThrow('refused ../evil');
    expect(seen).toEqual(['ok.xml', '../evil']);
  });
});
