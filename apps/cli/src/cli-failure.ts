/**
 * A failure the CLI reports in one line, `geocatalog: <message>` on stderr, and exit code 1: a usage
 * mistake, a missing password, an unreadable folder, an HTTP error or an unreachable server.
 * Messages never carry the password.
 */
export class CliFailure extends Error {}
