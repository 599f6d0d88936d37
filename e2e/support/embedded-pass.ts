/**
 * Setup file of the embedded-catalog pass (jest.embedded.config.js): the spec file's own
 * `process.env` (Jest gives each file a copy) says `E2E_CATALOG=embedded`, so that pass can run
 * in one Jest run beside the PostgreSQL pass.
 */
process.env.E2E_CATALOG = 'embedded';
