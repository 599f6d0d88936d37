#!/usr/bin/env node
// `geocatalog`, the bin of @geocatalog/cli: runs the built CLI (src/main.ts). A committed
// launcher rather than the built file itself: `npm run build` recreates dist/ without the executable
// bit npm gave the bin at install time, and a fresh clone has no dist/ to link to.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const main = join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
if (existsSync(main)) {
  require(main);
} else {
  process.stderr.write(`geocatalog: the CLI is not built (${main} is missing): run \`npm run build\` first\n`);
  process.exitCode = 1;
}
