import { Command, CommanderError, Option } from 'commander';

/** `geocatalog export DIR|FILE.zip [--workspace WS]` */
export interface ExportCommand {
  command: 'export';
  target: string;
  workspace?: string;
  url?: string;
}

/** `geocatalog plan|apply DIR|FILE.zip [--prune] [--secrets FILE.json] [--detect-changes] [--json]` */
export interface ImportCommand {
  command: 'plan' | 'apply';
  source: string;
  prune: boolean;
  secrets?: string;
  detectChanges: boolean;
  json: boolean;
  url?: string;
}

export type CliCommand = ExportCommand | ImportCommand;

/** Where commander writes help (stdout) and usage errors (stderr). */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const ENVIRONMENT_HELP = `
Environment:
  GEOCATALOG_URL       the catalog's base URL (default http://localhost:8080/geoserver)
  GEOCATALOG_USER      an administrator (default admin)
  GEOCATALOG_PASSWORD  that user's password (required)

Exit codes: 0 success; 1 failure (a plan with errors, an HTTP or network error, a usage error);
with --detect-changes, 2 when the plan creates, updates or deletes anything.
`;

/**
 * Reads the command line (without `node` and the script): the command to run, or the exit code
 * when there is nothing to run (`--help`: 0, after printing it; a usage error: 1, after commander
 * printed what is wrong).
 */
export function parseArguments(argv: readonly string[], output: CliOutput): CliCommand | { exitCode: number } {
  let parsed: CliCommand | undefined;
  const program = new Command('geocatalog')
    .description('Export a geocatalog catalog as a GeoServer data directory, and plan or apply one against it.')
    .configureOutput({ writeOut: output.stdout, writeErr: output.stderr })
    .exitOverride()
    .showHelpAfterError('(geocatalog --help for usage)')
    .addHelpText('after', ENVIRONMENT_HELP);

  program
    .command('export')
    .description("write the catalog's data directory: into a folder (replacing its workspaces/, styles/ and layergroups/) or a .zip file")
    .argument('<target>', 'a folder, or a file name ending in .zip')
    .option('--workspace <ws>', 'only this workspace')
    .addOption(urlOption())
    .action((target: string, opts: { workspace?: string; url?: string }) => {
      parsed = { command: 'export', target, workspace: opts.workspace, url: opts.url };
    });

  for (const command of ['plan', 'apply'] as const) {
    program
      .command(command)
      .description(command === 'plan' ? 'show what importing a data directory would change (a dry run)' : 'import a data directory (all or nothing)')
      .argument('<source>', 'a data directory (zipped in memory; dot-files and symbolic links left out) or a .zip of one')
      .option('--prune', 'also delete what the directory lacks in the workspaces it names')
      .option('--secrets <file>', 'a JSON file {"ws:store": "password"} for store passwords the directory cannot give')
      .option('--detect-changes', 'exit with 2 when the plan creates, updates or deletes anything')
      .option('--json', "print the server's JSON answer instead of the table")
      .addOption(urlOption())
      .action((source: string, opts: { prune?: true; secrets?: string; detectChanges?: true; json?: true; url?: string }) => {
        const { prune = false, detectChanges = false, json = false, secrets, url } = opts;
        parsed = { command, source, prune, secrets, detectChanges, json, url };
      });
  }

  try {
    program.parse([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return { exitCode: e.exitCode };
    throw e;
  }
  // Unreachable: commander either ran an action or threw (no command is a usage error).
  return parsed ?? { exitCode: 1 };
}

function urlOption(): Option {
  return new Option('--url <url>', "the catalog's base URL (overrides GEOCATALOG_URL)");
}
