// Golden test over the shared SLD corpus (/work/shared/sld-corpus), read in one loop driven by its
// EXPECTED.tsv: every file gets the verdict the corpus expects, reject-for-safety included, and
// every invalid file is refused at the place and for the reason of its one defect.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeXml } from '../xml/xml-decode';
import { parseXml } from '../xml/xml-parser';
import { detectSldVersion, validateSld } from './sld-validation';

const CORPUS = path.resolve(__dirname, '../../../../../shared/sld-corpus');

interface Expectation {
  file: string;
  expected: 'valid' | 'invalid';
  flag: string;
  schema: string;
}

function readExpectations(): Expectation[] {
  const [header, ...rows] = readFileSync(path.join(CORPUS, 'EXPECTED.tsv'), 'utf8').trim().split('\n');
  const columns = header.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const cell = (name: string) => cells[columns.indexOf(name)];
    return { file: cell('file'), expected: cell('expected') as Expectation['expected'], flag: cell('flag'), schema: cell('schema') };
  });
}

/** The first issue of every invalid file, as `line:column code`: where its one defect is, and what. */
const FIRST_ISSUE: Record<string, string> = {
  'invalid/nwf-empty-file.sld': '1:1 empty-document',
  'invalid/nwf-not-xml-geostyler-json.sld': '1:1 content-outside-root',
  'invalid/se11-filter-between-missing-upper-boundary.sld': '15:13 missing-element',
  'invalid/se11-nwf-truncated-document.sld': '11:7 unclosed-element',
  'invalid/se11-version-1.1.0-with-sld10-content.sld': '7:5 unexpected-element',
  'invalid/se11-wrong-order-filter-after-symbolizers.sld': '34:11 unexpected-element',
  'invalid/sld10-bad-cssparameter-name.sld': '22:29 unknown-parameter',
  'invalid/sld10-bad-filter-operator.sld': '14:13 unexpected-element',
  'invalid/sld10-billion-laughs-entity-expansion.sld': '2:1 doctype-forbidden',
  'invalid/sld10-empty-filter.sld': '13:11 missing-element',
  'invalid/sld10-externalgraphic-file-url-etc-passwd.sld': '35:53 unsafe-url',
  'invalid/sld10-filter-like-missing-wildcard.sld': '14:13 missing-attribute',
  'invalid/sld10-huge-attribute-1mib.sld': '2:40 unexpected-attribute',
  'invalid/sld10-missing-namespace.sld': '2:1 wrong-namespace',
  'invalid/sld10-missing-required-attribute-cssparameter-name.sld': '26:15 missing-attribute',
  'invalid/sld10-missing-required-child-namedlayer-name.sld': '7:5 unexpected-element',
  'invalid/sld10-misspelled-element.sld': '20:11 unexpected-element',
  'invalid/sld10-non-numeric-scale-denominator.sld': '19:11 invalid-value',
  'invalid/sld10-non-numeric-size.sld': '38:15 invalid-number',
  'invalid/sld10-nwf-content-after-root.sld': '46:1 content-after-root',
  'invalid/sld10-nwf-duplicate-attribute.sld': '22:41 duplicate-attribute',
  'invalid/sld10-nwf-invalid-utf8-byte.sld': '9:34 invalid-encoding',
  'invalid/sld10-nwf-mismatched-end-tag.sld': '9:33 mismatched-tag',
  'invalid/sld10-nwf-unescaped-ampersand.sld': '9:22 unescaped-ampersand',
  'invalid/sld10-text-in-element-only-content.sld': '10:25 unexpected-text',
  'invalid/sld10-with-se-elements.sld': '26:15 unexpected-element',
  'invalid/sld10-wrong-namespace-uri.sld': '2:1 wrong-namespace',
  'invalid/sld10-wrong-order-stroke-before-fill.sld': '25:13 unexpected-element',
  'invalid/sld10-wrong-root-element.sld': '2:1 wrong-root',
  'invalid/sld10-wrong-root-rule-fragment.sld': '2:1 wrong-root',
  'invalid/sld10-wrong-version-attribute.sld': '2:24 unsupported-version',
  'invalid/sld10-xinclude-etc-passwd.sld': '9:14 unexpected-element',
  'invalid/sld10-xxe-external-entity-etc-passwd.sld': '2:1 doctype-forbidden',
};

describe('the shared SLD corpus', () => {
  it('is where the tests expect it', () => {
    expect(existsSync(path.join(CORPUS, 'EXPECTED.tsv'))).toBe(true);
  });

  const expectations = existsSync(CORPUS) ? readExpectations() : [];
  const valid = expectations.filter((e) => e.expected === 'valid');
  const invalid = expectations.filter((e) => e.expected === 'invalid');

  it('lists the files the README counts, and this test knows the defect of every invalid one', () => {
    expect(valid.filter((e) => e.file.startsWith('valid/'))).toHaveLength(31);
    expect(valid.filter((e) => e.file.startsWith('baselines/'))).toHaveLength(2);
    expect(invalid).toHaveLength(33);
    expect(Object.keys(FIRST_ISSUE).sort()).toEqual(invalid.map((e) => e.file).sort());
  });

  it('gets the expected verdict for every file', () => {
    const verdicts = expectations.map((e) => `${e.file} ${validateSld(readFileSync(path.join(CORPUS, e.file))).valid ? 'valid' : 'invalid'}`);
    expect(verdicts).toEqual(expectations.map((e) => `${e.file} ${e.expected}`));
  });

  describe.each(valid.map((e) => [e.file, e] as const))('%s', (_, { file, schema }) => {
    const bytes = readFileSync(path.join(CORPUS, file));

    it(`is valid SLD ${schema}, with no issue`, () => {
      const { text, issues } = decodeXml(bytes);
      expect(issues).toEqual([]);
      expect(parseXml(text ?? '').issues).toEqual([]);
      expect(detectSldVersion(text ?? '')).toBe(schema);
      expect(validateSld(bytes)).toEqual({ valid: true, version: schema, issues: [] });
    });
  });

  describe.each(invalid.map((e) => [e.file, e] as const))('%s', (_, { file, flag }) => {
    const bytes = readFileSync(path.join(CORPUS, file));

    it(`is refused: ${FIRST_ISSUE[file]}${flag ? ` (${flag})` : ''}`, () => {
      const start = performance.now();
      const result = validateSld(bytes);
      expect(performance.now() - start).toBeLessThan(1000);
      expect(result.valid).toBe(false);
      const [first] = result.issues;
      expect(`${first.line}:${first.column} ${first.code}`).toBe(FIRST_ISSUE[file]);
      // Every issue is located and says something short; none echoes a value whole (one file has a 1 MiB attribute).
      for (const issue of result.issues) {
        expect(issue.line).toBeGreaterThanOrEqual(1);
        expect(issue.column).toBeGreaterThanOrEqual(1);
        expect(issue.message.length).toBeGreaterThan(10);
        expect(issue.message.length).toBeLessThan(400);
      }
    });
  });

  it('refuses the safety files for the safety reason, not by accident', () => {
    const firstCode = (file: string) => validateSld(readFileSync(path.join(CORPUS, file))).issues[0].code;
    expect(firstCode('invalid/sld10-xxe-external-entity-etc-passwd.sld')).toBe('doctype-forbidden');
    expect(firstCode('invalid/sld10-billion-laughs-entity-expansion.sld')).toBe('doctype-forbidden');
    expect(firstCode('invalid/sld10-externalgraphic-file-url-etc-passwd.sld')).toBe('unsafe-url');
    const xxe = validateSld(readFileSync(path.join(CORPUS, 'invalid/sld10-xxe-external-entity-etc-passwd.sld')));
    expect(JSON.stringify(xxe)).not.toMatch(/root:x:0:0/);
  });
});
