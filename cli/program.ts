/**
 * The `inode-console` program: its commands, and the mapping of every way it can end to an exit
 * code (0/1/2 by outcome, 3 when a bulk safeguard stopped, 64 for bad usage, 130 after Ctrl-C).
 */
import { Command, CommanderError } from 'commander';
import { EXIT, UsageError } from './exit-codes.ts';
import { refuseKeyOnCommandLine } from './key-source.ts';
import { callCommand } from './commands/call.ts';
import { bulkCommand } from './commands/bulk.ts';
import { mergeCommand } from './bulk/merge-command.ts';
import { parityCommand } from './commands/parity.ts';
import { emulatorCommand } from './commands/emulator.ts';
import type { CommandContext } from './command-context.ts';
import { errorMessage } from '../src/text/error-message.ts';

export const VERSION = '0.1.0';

function build(context: CommandContext, argv: readonly string[]): Command {
  const { terminal } = context;
  const program = new Command('inode-console')
    .description(
      'Call the Inode.asmx service from a terminal or CI: one call, a bulk CSV, a parity check, or the emulator.',
    )
    .version(VERSION)
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => terminal.stdout.write(text),
      writeErr: (text) => terminal.stderr.write(text),
      outputError: (text, write) => write(terminal.errColor.red(text)),
    })
    .addHelpText(
      'after',
      `
Examples:
  INODE_KEY=… inode-console call GetAssetStubs --target http://127.0.0.1:8099 --binding soap11 --OpenIDKey-env INODE_KEY
  INODE_KEY=… inode-console bulk rows.csv --target http://127.0.0.1:8099 --binding soap11 --OpenIDKey-env INODE_KEY
  INODE_KEY=… inode-console parity --target http://127.0.0.1:8099 --OpenIDKey-env INODE_KEY
  inode-console emulator --port 8099 --db :memory:

The OpenIDKey is read from an environment variable (--OpenIDKey-env NAME) or standard input
(--OpenIDKey-stdin), never from the command line. Details: docs/cli.md.`,
    );
  for (const command of [
    callCommand(context),
    bulkCommand(context, argv),
    mergeCommand(context),
    parityCommand(context),
    emulatorCommand(),
  ]) {
    program.addCommand(command);
  }
  // Every command, nested ones included, throws instead of exiting, so the codes stay ours.
  const exitOverride = (command: Command) => {
    command.exitOverride();
    command.configureOutput(program.configureOutput());
    command.showHelpAfterError('(add --help for usage and examples)');
    command.commands.forEach(exitOverride);
  };
  exitOverride(program);
  return program;
}

/**
 * Runs the command line; resolves with the exit code (never throws, never exits the process).
 * @example process.exitCode = await runCli(process.argv.slice(2), context);
 */
export async function runCli(argv: readonly string[], context: CommandContext): Promise<number> {
  let exitCode: number = EXIT.ok;
  const withExit: CommandContext = { ...context, setExit: (code) => (exitCode = code) };
  try {
    refuseKeyOnCommandLine(argv);
    // `bulk merge …` is the command `bulk-merge` (see cli/bulk/merge-command.ts).
    const routed =
      argv[0] === 'bulk' && argv[1] === 'merge' ? ['bulk-merge', ...argv.slice(2)] : [...argv];
    await build(withExit, routed).parseAsync(routed, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end "with an error" whose exit code is 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      context.terminal.err(context.terminal.errColor.red(`error: ${error.message}`));
      context.terminal.err('(add --help for usage and examples)');
      return EXIT.usage;
    }
    const message = errorMessage(error);
    context.terminal.err(context.terminal.errColor.red(`error: ${message}`));
    return EXIT.technicalFailure;
  }
}
