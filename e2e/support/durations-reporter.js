/**
 * A Jest reporter that records how long each spec file took, per pass (`e2e`, `e2e-embedded`: the
 * project's displayName), so that one run of both passes (`npm test`) can renew durations.json:
 *   npx jest -c jest.suite.config.js --maxWorkers=2 --reporters=default --reporters=./support/durations-reporter.js
 *   node support/record-durations.mjs suite=/tmp/e2e-durations.json
 * Writes a JSON array of { pass, file, seconds, failed } to DURATIONS_OUT (default
 * /tmp/e2e-durations.json) after every file, so an interrupted run still leaves what it measured.
 */
const { writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

class DurationsReporter {
  constructor() {
    this.out = process.env.DURATIONS_OUT ?? join(tmpdir(), 'e2e-durations.json');
    this.rows = [];
  }

  onTestResult(test, result) {
    const { displayName, rootDir } = test.context.config;
    const pass = typeof displayName === 'string' ? displayName : displayName?.name;
    const seconds = (result.perfStats.end - result.perfStats.start) / 1000;
    this.rows.push({ pass, file: relative(rootDir, test.path), seconds, failed: result.numFailingTests + (result.testExecError ? 1 : 0) });
    writeFileSync(this.out, JSON.stringify(this.rows, null, 1) + '\n');
  }
}

module.exports = DurationsReporter;
