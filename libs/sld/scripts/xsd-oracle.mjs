#!/usr/bin/env node
// The official-schema oracle for libs/sld's tests: validates SLD files with
// ../shared/ogc-schemas/validate.mjs (the OGC XSDs through xmllint-wasm, libxml2 compiled to
// WebAssembly, plus its root-element check) and prints the results as one JSON array.
//
//   node libs/sld/scripts/xsd-oracle.mjs FILE...        → [{ path, valid, version, errors }]
//
// A separate process because validate.mjs is an ES module and the tests run as CommonJS.
// Test tooling only: the product never reads the schemas.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const schemaRoot = resolve(process.env.OGC_SCHEMAS ?? join(here, '../../../../shared/ogc-schemas'));
if (!process.env.XMLLINT_WASM) {
  // The devDependency of this package, wherever npm put it.
  process.env.XMLLINT_WASM = dirname(createRequire(join(here, '../package.json')).resolve('xmllint-wasm/package.json'));
}
const { validateFiles } = await import(pathToFileURL(join(schemaRoot, 'validate.mjs')).href);
const results = await validateFiles(process.argv.slice(2));
process.stdout.write(JSON.stringify(results));
