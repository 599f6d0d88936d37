// `npm test` in this package: both passes in one Jest run — every spec on the PostgreSQL catalog
// (jest.config.js) and the catalog specs again on the embedded catalog (jest.embedded.config.js) —
// so two spec files run at a time (--maxWorkers=2) and the long ones of either pass start first.
// Every spec file starts its own api on its own database and free ports, so files do not meet.
const { testTimeout, slowTestThreshold } = require('./jest.config.js');

module.exports = {
  // Options of the whole run, not of a project: as jest.config.js has them.
  testTimeout,
  slowTestThreshold,
  projects: ['<rootDir>/jest.config.js', '<rootDir>/jest.embedded.config.js'],
  testSequencer: '<rootDir>/support/sequencer.js',
};
