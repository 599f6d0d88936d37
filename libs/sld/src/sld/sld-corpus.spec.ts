// The shared SLD corpus (/work/shared/sld-corpus), read in one loop driven by its EXPECTED.tsv.
// Valid files must parse cleanly and be detected with the version the corpus says. Of the invalid
// files, those this layer is responsible for (not well-formed, DOCTYPE, root, namespace, version)
// must be refused with the stated issue; the others wait for schema validation, and for now must
// only come back as a result, quickly, without a throw.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeXml } from '../xml/xml-decode';
import { parseXml } from '../xml/xml-parser';
import { detectSldVersion, validateSld } from './sld-validation';

const CORPUS = path.resolve(__dirname, '../../../../../shared/sld-corpus');

interface Expectation {
  file: string;
  expected: 'valid' | 'invalid';
  schema: string;
}

function readExpectations(): Expectation[] {
  const [header, ...rows] = readFileSync(path.join(CORPUS, 'EXPECTED.tsv'), 'utf8').trim().split('\n');
  const columns = header.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const cell = (name: string) => cells[columns.indexOf(name)];
    return { file: cell('file'), expected: cell('expected') as Expectation['expected'], schema: cell('schema') };
  });
}

/** The invalid files this layer must refuse now, with the first issue as `line:column code`. */
const REFUSED_NOW: Record<string, string> = {
  'invalid/nwf-empty-file.sld': '1:1 empty-document',
  'invalid/nwf-not-xml-geostyler-json.sld': '1:1 content-outside-root',
  'invalid/se11-nwf-truncated-document.sld': '11:7 unclosed-element',
  'invalid/sld10-nwf-content-after-root.sld': '46:1 content-after-root',
  'invalid/sld10-nwf-duplicate-attribute.sld': '22:41 duplicate-attribute',
  'invalid/sld10-nwf-invalid-utf8-byte.sld': '9:34 invalid-encoding',
  'invalid/sld10-nwf-mismatched-end-tag.sld': '9:33 mismatched-tag',
  'invalid/sld10-nwf-unescaped-ampersand.sld': '9:22 unescaped-ampersand',
  'invalid/sld10-billion-laughs-entity-expansion.sld': '2:1 doctype-forbidden',
  'invalid/sld10-xxe-external-entity-etc-passwd.sld': '2:1 doctype-forbidden',
  'invalid/sld10-missing-namespace.sld': '2:1 wrong-namespace',
  'invalid/sld10-wrong-namespace-uri.sld': '2:1 wrong-namespace',
  'invalid/sld10-wrong-root-element.sld': '2:1 wrong-root',
  'invalid/sld10-wrong-root-rule-fragment.sld': '2:1 wrong-root',
  'invalid/sld10-wrong-version-attribute.sld': '2:24 unsupported-version',
};

describe('the shared SLD corpus', () => {
  it('is where the tests expect it', () => {
    expect(existsSync(path.join(CORPUS, 'EXPECTED.tsv'))).toBe(true);
  });

  const expectations = existsSync(CORPUS) ? readExpectations() : [];
  const valid = expectations.filter((e) => e.expected === 'valid');
  const invalid = expectations.filter((e) => e.expected === 'invalid');

  it('lists the files the README counts', () => {
    expect(valid.filter((e) => e.file.startsWith('valid/'))).toHaveLength(31);
    expect(valid.filter((e) => e.file.startsWith('baselines/'))).toHaveLength(2);
    expect(invalid).toHaveLength(33);
    for (const file of Object.keys(REFUSED_NOW)) expect(invalid.map((e) => e.file)).toContain(file);
  });

  describe.each(valid.map((e) => [e.file, e] as const))('%s', (_, { file, schema }) => {
    const bytes = readFileSync(path.join(CORPUS, file));

    it(`parses without issues and is SLD ${schema}`, () => {
      const { text, issues } = decodeXml(bytes);
      expect(issues).toEqual([]);
      expect(text).not.toBeNull();
      expect(parseXml(text ?? '').issues).toEqual([]);
      expect(detectSldVersion(text ?? '')).toBe(schema);
      expect(validateSld(bytes)).toEqual({ valid: true, version: schema, issues: [] });
    });
  });

  describe.each(invalid.map((e) => [e.file, e] as const))('%s', (_, { file }) => {
    const bytes = readFileSync(path.join(CORPUS, file));

    it(REFUSED_NOW[file] ? `is refused: ${REFUSED_NOW[file]}` : 'gives a result without throwing', () => {
      const start = performance.now();
      const result = validateSld(bytes);
      expect(performance.now() - start).toBeLessThan(1000);
      // A refusal names the problem, never echoes a value whole (one file has a 1 MiB attribute).
      for (const issue of result.issues) expect(issue.message.length).toBeLessThan(300);
      const expected = REFUSED_NOW[file];
      if (expected !== undefined) {
        expect(result.valid).toBe(false);
        const [first] = result.issues;
        expect(`${first.line}:${first.column} ${first.code}`).toBe(expected);
      }
    });
  });
});
