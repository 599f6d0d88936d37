#!/usr/bin/env node
/**
 * The `geocatalog` command (bin of @geocatalog/cli, through bin/geocatalog.js): a thin HTTP client
 * of `/rest/catalog/export` and `/rest/catalog/import` for scripts and CI. It imports nothing of the
 * api's runtime.
 */
import { runCli } from './run';

// `geocatalog plan . | head` closes the pipe early: stop quietly, as other command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

void runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
