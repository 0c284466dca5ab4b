/**
 * `inode-console emulator --port N …`: the embedded Inode.asmx emulator, started by its own code
 * (emulator/cli.ts, the same as `npm run emulator`); every option is the emulator's.
 */
import { Command } from 'commander';
import { EMULATOR_USAGE, runEmulatorCli } from '../../emulator/cli.ts';
import { UsageError } from '../exit-codes.ts';

const USAGE = EMULATOR_USAGE.replace('npm run emulator --', 'inode-console emulator');

/** Bad arguments (parseArgs's own errors, or the emulator's "--x must be …") are usage errors. */
function isArgumentError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  return (
    code.startsWith('ERR_PARSE_ARGS') ||
    (error instanceof Error && /^--[\w-]+ /.test(error.message))
  );
}

export function emulatorCommand(): Command {
  return new Command('emulator')
    .description('Start the embedded Inode.asmx emulator (options: inode-console emulator --help).')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[options...]')
    .action(async (args: string[]) => {
      try {
        await runEmulatorCli(args, USAGE);
      } catch (error) {
        if (isArgumentError(error)) throw new UsageError(`${(error as Error).message}\n${USAGE}`);
        throw error;
      }
    });
}
