// libs/sld against the official OGC schemas (../shared/ogc-schemas through xmllint-wasm, the
// oracle): on the corpus, on documents at XML Schema's corners, and on thousands of mutants of the
// corpus's valid files. Valid files with GeoServer extensions are compared with the extensions
// removed, as the corpus README does.
//
// Two figures are printed:
// - schema agreement: libs/sld's verdict on what the schemas check, i.e. its issues without the
//   checks beyond the schemas (STYLE_RULE_CODES: parameter names, colours, opacities, sizes, links),
//   which the corpus flags `reject-beyond-xsd` and `reject-for-safety`; it must be at least 99%;
// - verdict agreement: libs/sld's full verdict, whose every difference must be one of those
//   deliberate refusals, or a GeoServer extension a mutation happened to create.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentIssue } from '@geocatalog/catalog-model';
import { validateAgainstGrammar } from '../schema/schema-validator';
import { EDGE_DOCUMENTS } from '../../testing/edge-documents';
import { serialize } from '../../testing/mutable-xml';
import { generateMutants, MUTATION_KINDS, mutableDocument, type Mutant } from '../../testing/sld-mutants';
import { oracleVerdicts, type OracleVerdict } from '../../testing/xsd-oracle';
import { decodeXml } from '../xml/xml-decode';
import { parseXml } from '../xml/xml-parser';
import { officialSldGrammar, type SldVersion } from './sld-grammars';
import { validateSld } from './sld-validation';
import { STYLE_RULE_CODES } from './style-rules';

jest.setTimeout(240_000);

const CORPUS = path.resolve(__dirname, '../../../../../shared/sld-corpus');
const BEYOND_SCHEMA = new Set<string>(STYLE_RULE_CODES);
/** Mutants per valid corpus file; 33 files give about 2,300 after deduplication. */
const MUTANTS_PER_FILE = 72;

interface Row {
  file: string;
  expected: string;
  flag: string;
}

const rows: Row[] = readFileSync(path.join(CORPUS, 'EXPECTED.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, expected, , , flag] = line.split('\t');
    return { file, expected, flag };
  });

/** libs/sld's verdict on what the schemas check: valid unless an issue is one the schemas would raise. */
const schemaVerdict = (issues: readonly DocumentIssue[]) => issues.every((issue) => BEYOND_SCHEMA.has(issue.code));

const describeIssue = (issues: readonly DocumentIssue[]) =>
  issues.length === 0 ? 'valid' : `${issues[0].line}:${issues[0].column} ${issues[0].code}: ${issues[0].message}`;

const describeOracle = (verdict: OracleVerdict) => (verdict.valid ? 'valid' : `${verdict.errors[0]?.line}: ${verdict.errors[0]?.msg ?? 'invalid'}`);

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(2)}%`;

/** Why libs/sld's full verdict differs from the oracle's, when it is by design; `null` when it is not. */
function explainDifference(text: string, issues: readonly DocumentIssue[], oracle: OracleVerdict): string | null {
  if (!oracle.valid && issues.length === 0) {
    const root = parseXml(text).root;
    const version = (oracle.version ?? '1.0.0') as SldVersion;
    if (root !== null && validateAgainstGrammar(root, officialSldGrammar(version)).length > 0) return 'accept-beyond-xsd (GeoServer extension)';
    return null;
  }
  if (oracle.valid && issues.length > 0 && schemaVerdict(issues)) return `reject-beyond-xsd (${[...new Set(issues.map((i) => i.code))].join(', ')})`;
  return null;
}

describe('agreement with the official schemas (xmllint-wasm)', () => {
  it('agrees on the corpus, except where the corpus flags a refusal for safety', () => {
    const documents = rows.map(({ file, expected }) => {
      const bytes = readFileSync(path.join(CORPUS, file));
      if (expected !== 'valid') return bytes;
      // Valid files are compared with GeoServer's extensions removed.
      const root = mutableDocument(decodeXml(bytes).text ?? '');
      return root === null ? bytes : serialize(root);
    });
    const oracle = oracleVerdicts(documents);
    const differences: string[] = [];
    rows.forEach((row, index) => {
      const ours = validateSld(documents[index]);
      if (schemaVerdict(ours.issues) !== oracle[index].valid) {
        differences.push(`${row.file} [${row.flag || 'no flag'}] ours: ${describeIssue(ours.issues)} | xsd: ${describeOracle(oracle[index])}`);
      }
    });
    console.log(`corpus: ${rows.length - differences.length}/${rows.length} agree with the XSD\n${differences.join('\n')}`);
    // Only the XXE file: xmllint-wasm resolves the entity, finds no file in its sandbox and calls it valid.
    expect(differences.map((d) => d.split(' ')[0])).toEqual(['invalid/sld10-xxe-external-entity-etc-passwd.sld']);
    expect(differences[0]).toContain('[reject-for-safety]');
  });

  it('agrees on documents at the corners of XML Schema', () => {
    const names = Object.keys(EDGE_DOCUMENTS);
    const oracle = oracleVerdicts(names.map((name) => EDGE_DOCUMENTS[name]));
    const report = names.map((name, index) => {
      const ours = validateSld(EDGE_DOCUMENTS[name]);
      const agree = schemaVerdict(ours.issues) === oracle[index].valid;
      return `${agree ? 'agree' : 'DIFFER'} ${name}: ours ${describeIssue(ours.issues)} | xsd ${describeOracle(oracle[index])}`;
    });
    const differ = report.filter((line) => line.startsWith('DIFFER'));
    expect(differ).toEqual([]);
    // Both verdicts occur, or the comparison would prove little.
    expect(oracle.filter((o) => o.valid).length).toBeGreaterThan(10);
    expect(oracle.filter((o) => !o.valid).length).toBeGreaterThan(10);
  });

  describe('on mutants of the valid corpus files', () => {
    let mutants: Mutant[] = [];
    let oracle: OracleVerdict[] = [];
    const timings: Record<string, number> = {};

    beforeAll(() => {
      let start = performance.now();
      const bases = rows
        .filter((row) => row.expected === 'valid')
        .map((row) => ({ name: row.file, root: mutableDocument(decodeXml(readFileSync(path.join(CORPUS, row.file))).text ?? '') }))
        .flatMap((base) => (base.root === null ? [] : [{ name: base.name, root: base.root }]));
      mutants = generateMutants(bases, MUTANTS_PER_FILE);
      timings.generate = performance.now() - start;
      start = performance.now();
      oracle = oracleVerdicts(mutants.map((m) => m.text));
      timings.oracle = performance.now() - start;
    });

    it('makes at least 2,000 distinct mutants of every kind, valid and invalid ones', () => {
      expect(mutants.length).toBeGreaterThanOrEqual(2000);
      for (const kind of MUTATION_KINDS) expect(mutants.filter((m) => m.kind === kind).length).toBeGreaterThan(100);
      expect(oracle.filter((o) => o.valid).length).toBeGreaterThan(300);
      expect(oracle.filter((o) => !o.valid).length).toBeGreaterThan(1000);
    });

    it('agrees with the schemas on at least 99% of them, and every verdict difference is by design', () => {
      const start = performance.now();
      const results = mutants.map((m) => validateSld(m.text));
      timings.libsld = performance.now() - start;

      let schemaAgree = 0;
      let verdictAgree = 0;
      const disagreements: string[] = [];
      const byDesign = new Map<string, number>();
      const unexplained: string[] = [];
      const perKind = new Map<string, { total: number; agree: number }>();
      mutants.forEach((mutant, index) => {
        const ours = results[index];
        const kind = perKind.get(mutant.kind) ?? { total: 0, agree: 0 };
        kind.total++;
        if (schemaVerdict(ours.issues) === oracle[index].valid) {
          schemaAgree++;
          kind.agree++;
        } else {
          disagreements.push(`${mutant.id} (${mutant.change}): ours ${describeIssue(ours.issues)} | xsd ${describeOracle(oracle[index])}`);
        }
        perKind.set(mutant.kind, kind);
        if (ours.valid === oracle[index].valid) {
          verdictAgree++;
          return;
        }
        const reason = explainDifference(mutant.text, ours.issues, oracle[index]);
        if (reason === null) unexplained.push(`${mutant.id} (${mutant.change})`);
        else byDesign.set(reason, (byDesign.get(reason) ?? 0) + 1);
      });

      const total = mutants.length;
      console.log(
        [
          `mutants: ${total} (${oracle.filter((o) => o.valid).length} valid and ${oracle.filter((o) => !o.valid).length} invalid by the XSD)`,
          `schema agreement: ${schemaAgree}/${total} = ${percent(schemaAgree, total)}`,
          ...[...perKind].map(([kind, { total: n, agree }]) => `  ${kind}: ${agree}/${n}`),
          `disagreements (${disagreements.length}):${disagreements.length === 0 ? ' none' : ''}`,
          ...disagreements.map((d) => `  ${d}`),
          `verdict agreement: ${verdictAgree}/${total} = ${percent(verdictAgree, total)}; differences by design:`,
          ...[...byDesign].map(([reason, n]) => `  ${n} × ${reason}`),
          `unexplained verdict differences: ${unexplained.length}`,
          `time: mutants ${timings.generate.toFixed(0)} ms, xmllint-wasm ${timings.oracle.toFixed(0)} ms, libs/sld ${timings.libsld.toFixed(0)} ms`,
        ].join('\n'),
      );

      expect(schemaAgree / total).toBeGreaterThanOrEqual(0.99);
      expect(unexplained.length / total).toBeLessThanOrEqual(0.01);
    });
  });
});
