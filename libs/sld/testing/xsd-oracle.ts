// Test support (not part of the library): the official OGC schemas as an oracle. Documents are
// written to a temporary folder and validated in batches by scripts/xsd-oracle.mjs, which runs
// ../shared/ogc-schemas/validate.mjs (libxml2 compiled to WebAssembly, plus its root check).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the oracle says about one document. */
export interface OracleVerdict {
  valid: boolean;
  /** The schema it used, chosen from the root's version. */
  version: string | null;
  /** libxml2's messages; `line` is 0 when libxml2 gave none, `col` always 0. */
  errors: { line: number; col: number; msg: string }[];
}

const SCRIPT = path.resolve(__dirname, '../scripts/xsd-oracle.mjs');
/** validate.mjs matches output lines to documents in time proportional to both: keep batches modest. */
const BATCH = 500;

/** Validates documents (text or bytes) with the official schemas, in input order. */
export function oracleVerdicts(documents: readonly (string | Uint8Array)[]): OracleVerdict[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'sld-oracle-'));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.sld`);
      writeFileSync(file, document);
      return file;
    });
    const verdicts: OracleVerdict[] = [];
    for (let start = 0; start < files.length; start += BATCH) {
      const output = execFileSync(process.execPath, [SCRIPT, ...files.slice(start, start + BATCH)], {
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'utf8',
      });
      verdicts.push(...(JSON.parse(output) as OracleVerdict[]));
    }
    return verdicts;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
