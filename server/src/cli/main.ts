// Entry point of the `kubegate` CLI (bundled into dist/cli.js). One module per command under commands/.
import { checkCommand } from './commands/check';
import { explainCommand } from './commands/explain';
import { EXIT_OK, EXIT_USAGE, processIO, type CliIO, type Command } from './io';

/** Every command; add new ones here (e.g. `explain`). */
export const COMMANDS: Command[] = [checkCommand, explainCommand];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return (
    'Usage: kubegate <command> [options]\n\nCommands:\n' +
    COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n') +
    "\n\nRun 'kubegate <command> --help' for a command's options.\n"
  );
}

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`kubegate: unknown command "${name}"\n\n${usage()}`);
    return EXIT_USAGE;
  }
  return command.run(rest, io);
}

if (require.main === module) {
  runCli(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`kubegate: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
