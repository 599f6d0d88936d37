// Lets the repository's Node scripts (generator, benchmark, oracle helper) load the library's
// TypeScript sources directly: each .ts file is transpiled in memory with the repo's own
// `typescript`; nothing is written. Only for scripts and tests, never for the product.
const { readFileSync } = require('node:fs');
const ts = require('typescript');

if (!require.extensions['.ts']) {
  require.extensions['.ts'] = (module, filename) => {
    const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: filename,
    });
    module._compile(outputText, filename);
  };
}

module.exports = (path) => require(path);
