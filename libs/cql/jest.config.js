module.exports = { ...require('../../jest.preset.js'), rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
