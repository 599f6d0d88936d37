import { readFileSync, statSync } from 'node:fs';
import { RECORD_FOLDERS } from '@geocatalog/catalog-exchange';
import { type CliCommand, type CliOutput, type ExportCommand, type ImportCommand, parseArguments } from './arguments';
import { downloadExport, postImport } from './catalog-client';
import { CliFailure } from './cli-failure';
import { EXIT_FAILURE, EXIT_SUCCESS, exitCodeFor } from './exit-code';
import { writeExportIntoFolder } from './export-folder';
import { zipFolder } from './folder-zip';
import { writeFileNoFollow } from './no-follow';
import { renderPlanTable, summarizePlan } from './plan-table';
import { credentialRedactor } from './redact';
import { DEFAULT_USER, serverAccess } from './server-access';

/** What the CLI reads and writes besides files and the network. */
export interface CliIo extends CliOutput {
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs `geocatalog` with `argv` (the arguments after the script) and resolves to its exit code.
 * Never rejects: every failure is printed as `geocatalog: …` on stderr and gives 1. Whatever it
 * prints passes `credentialRedactor` first: no password, Basic token or URL userinfo, whatever the
 * input or the server's answer held.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const redact = credentialRedactor(io.env, DEFAULT_USER);
  const out: CliIo = { env: io.env, stdout: (text) => io.stdout(redact(text)), stderr: (text) => io.stderr(redact(text)) };
  try {
    const parsed = parseArguments(argv, out);
    if ('exitCode' in parsed) return parsed.exitCode;
    return await runCommand(parsed, out);
  } catch (e) {
    const message = e instanceof CliFailure ? e.message : fileSystemMessage(e);
    out.stderr(`geocatalog: ${message}\n`);
    return EXIT_FAILURE;
  }
}

function runCommand(command: CliCommand, io: CliIo): Promise<number> {
  return command.command === 'export' ? runExport(command, io) : runImport(command, io);
}

async function runExport(command: ExportCommand, io: CliIo): Promise<number> {
  const access = serverAccess(io.env, command.url);
  const zip = await downloadExport(access, command.workspace);
  if (/\.zip$/i.test(command.target)) {
    // As the server sent it (within the size limit), never through a link named like the target.
    writeFileNoFollow(command.target, zip, false);
    io.stdout(`wrote ${command.target} (${zip.length} bytes)\n`);
  } else {
    const files = writeExportIntoFolder(command.target, zip);
    io.stdout(`wrote ${files} ${files === 1 ? 'file' : 'files'} under ${command.target} (${RECORD_FOLDERS.map((f) => `${f}/`).join(', ')} replaced)\n`);
  }
  return EXIT_SUCCESS;
}

async function runImport(command: ImportCommand, io: CliIo): Promise<number> {
  const access = serverAccess(io.env, command.url);
  const secrets = command.secrets === undefined ? undefined : readSecrets(command.secrets);
  const dryRun = command.command === 'plan';
  const { answer, json } = await postImport(access, { zip: readSource(command.source, io), dryRun, prune: command.prune, secrets });
  if (command.json) {
    io.stdout(json.endsWith('\n') ? json : `${json}\n`);
  } else {
    if (answer.plan.length) io.stdout(renderPlanTable(answer.plan) + '\n');
    io.stdout(summarizePlan(answer, dryRun));
  }
  return exitCodeFor(answer, command.detectChanges);
}

/**
 * A folder is zipped in memory (symbolic links left out, and said so on stderr); a file is sent as
 * it is (the server says if it is no zip).
 */
function readSource(source: string, io: CliIo): Uint8Array {
  const stat = statSync(source, { throwIfNoEntry: false });
  if (!stat) throw new CliFailure(`no such folder or file: ${source}`);
  if (!stat.isDirectory()) return readFileSync(source);
  const { zip, links } = zipFolder(source);
  if (links.length)
    io.stderr(`geocatalog: left out ${links.length} symbolic ${links.length === 1 ? 'link' : 'links'} (never followed or sent): ${links.join(', ')}\n`);
  return zip;
}

/** `--secrets FILE.json`: a JSON object of `"ws:store": "password"` (its values are never printed). */
function readSecrets(file: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliFailure(`--secrets ${file}: ${e instanceof SyntaxError ? 'not JSON' : fileSystemMessage(e)}`);
  }
  const valid = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
  if (!valid) throw new CliFailure(`--secrets ${file}: expected a JSON object of "workspace:store": "password" strings`);
  return value as Record<string, string>;
}

/** `ENOENT: no such file or directory, open 'x'` from fs; any other error's message. */
function fileSystemMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
