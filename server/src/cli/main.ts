// Entry point of the `kubegate` CLI (bundled into dist/cli.js). One module per command under commands/.
import { HELP_WIDTH, UsageError, wrapText } from './args';
import { checkCommand } from './commands/check';
import { explainCommand } from './commands/explain';
import { schemaCommand } from './commands/schema';
import { gatesCommand } from './commands/gates';
import { EXIT_OK, EXIT_USAGE, processIO, type CliIO, type Command } from './io';
import { programVersion } from './program-info';
import { closestName, setDataReader } from '../engine';
import { endClusterSession, startClusterSession } from '../cluster/connection';
import { nodeDataReader } from '../host/data-files';
import { runCheckWorker } from './check-jobs';
import { tuneV8ForOneRun } from './v8-tuning';
import { safeLines } from './shown-text';

/** Every command; add new ones here (e.g. `explain`). */
export const COMMANDS: Command[] = [checkCommand, explainCommand, gatesCommand, schemaCommand];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return (
    'Usage: kubegate <command> [options]\n\nCommands:\n' +
    COMMANDS.map((c) =>
      wrapText(c.summary, HELP_WIDTH - 2 - width)
        .map((line, i) => `  ${(i === 0 ? c.name : '').padEnd(width)}${line}`)
        .join('\n'),
    ).join('\n') +
    "\n\nRun 'kubegate <command> --help' for a command's options, 'kubegate --version'\n" +
    'for the version. Data: the schemas/ folder beside the program, or the folder\nnamed by KUBEGATE_SCHEMAS.\n'
  );
}

export async function runCli(argv: readonly string[], given: CliIO): Promise<number> {
  // Notes quote repository text (names, keys, globs): no control sequence and no workflow command reaches the
  // terminal or the CI log through them (shown-text.ts).
  const io: CliIO = { ...given, err: (t) => given.err(safeLines(t)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.out(`kubegate ${programVersion()}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const near = name.startsWith('-') ? undefined : closestName(name, COMMANDS.map((c) => c.name));
    const what = name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"${near ? ` (did you mean ${near}?)` : ''}`;
    io.err(`kubegate: ${what}\nRun 'kubegate --help' for the commands: ${COMMANDS.map((c) => c.name).join(', ')}.\n`);
    return EXIT_USAGE;
  }
  // One command run, one cluster budget: its cluster reads (gates, CRDs) share the time budget and run a failing
  // exec credential plugin once.
  startClusterSession();
  try {
    return await command.run(rest, io);
  } finally {
    endClusterSession();
  }
}

/** A failure no command turned into a message: one line for the user, the stack only with KUBEGATE_DEBUG. */
export function describeCrash(err: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof UsageError) return `kubegate: ${message}\n`;
  if (/^Kubegate data not found/.test(message)) {
    return `kubegate: ${message}. The schemas/ folder ships beside dist/ in the npm package; point KUBEGATE_SCHEMAS at it when the program was copied elsewhere.\n`;
  }
  const stack = env['KUBEGATE_DEBUG'] && err instanceof Error && err.stack ? `\n${err.stack}` : '';
  return `kubegate: internal error: ${message}${stack}\nPlease report it with the command you ran (set KUBEGATE_DEBUG=1 for details).\n`;
}

if (require.main === module) tuneV8ForOneRun();
if (require.main === module && runCheckWorker(() => setDataReader(nodeDataReader()))) {
  // A worker thread of `kubegate check --jobs`: it checks what it is sent (check-jobs.ts).
} else if (require.main === module) {
  setDataReader(nodeDataReader());
  // A reader that stops early (`kubegate check … | head`) closes the pipe: stop quietly, as Unix tools do.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  runCli(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(describeCrash(err));
      process.exitCode = EXIT_USAGE;
    },
  );
}
