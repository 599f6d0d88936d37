/**
 * Longest spec files first, so that with two workers (`npm test`) neither waits alone at the end
 * on a long file started last. Jest's own sequencer orders by the durations of its previous run,
 * or by file size when it has none (a fresh CI machine) — and size says little here (the longest
 * file is of middling size). So the order comes from `durations.json`: seconds per spec file and
 * pass, as measured; a file not listed there (a new spec) goes first, largest first.
 */
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./durations.json');

/** The recorded seconds of a spec file in its pass (`e2e` or `e2e-embedded`), or undefined. */
function recorded(test) {
  const { displayName, rootDir } = test.context.config;
  const pass = typeof displayName === 'string' ? displayName : displayName?.name;
  return durations[pass]?.[relative(rootDir, test.path)];
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => {
      const [ta, tb] = [recorded(a), recorded(b)];
      if ((ta === undefined) !== (tb === undefined)) return ta === undefined ? -1 : 1;
      if (ta === undefined) return size(b) - size(a);
      return tb - ta;
    });
  }
}

module.exports = LongestFirst;
