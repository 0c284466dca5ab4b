/**
 * `inode-console bulk --dry-run`: the file read and checked as a run would read it, the key
 * checked with one read-only GetAssetStubs call, and how many rows a run would send. Nothing is
 * registered and no results file is written.
 */
import type { InodeClient } from '../src/protocol/index.ts';
import {
  checkKey,
  dryRunInWords,
  type DryRunCounts,
  type KeyCheck,
} from '../src/bulk-job/key-check.ts';
import { describeError } from '../src/outcome/outcome.ts';
import { failureLine } from '../src/outcome/outcome-line.ts';
import { exitCodeOf } from './call-outcome.ts';
import { EXIT } from './exit-codes.ts';
import { readKey } from './key-source.ts';
import { warnIfKeyInUrl, type ConnectionOptions } from './connection-options.ts';
import type { CommandContext } from './command-context.ts';

export interface DryRunInput {
  file: string;
  /** Counted as the file streamed by (streamed-rows.ts). */
  counts: DryRunCounts;
  /** The MediaType of the first row a run would send ('' when none). */
  firstMediaType: string;
  /** Rows a resumed results file lists as registered. */
  resumed: number;
  client: InodeClient;
  options: ConnectionOptions & { sendRepeats?: boolean; output: 'human' | 'json' };
  context: CommandContext;
}

/** @returns the exit code: 0 key accepted and no invalid rows, 1 key refused or invalid rows, 2 the call failed. */
export async function dryRun(input: DryRunInput): Promise<number> {
  const { counts, client, options, context } = input;
  const { terminal } = context;
  const key = await readKey(options, context.env, context.stdin);
  terminal.addSecret(key);
  warnIfKeyInUrl(terminal, [options.binding]);
  let check: KeyCheck;
  try {
    check = await checkKey(client, key, input.firstMediaType);
  } catch (error) {
    const message = `The key could not be checked: ${failureLine(error, [key])}. Nothing was registered.`;
    terminal.err(terminal.errColor.red(message));
    if (options.output === 'json')
      terminal.out(
        JSON.stringify({ dryRun: true, ...counts, keyAccepted: null, message }, null, 2),
      );
    return exitCodeOf(describeError(error).kind) === EXIT.usage
      ? EXIT.usage
      : EXIT.technicalFailure;
  }
  const words = `${dryRunInWords(counts, check)}${input.resumed ? ` ${input.resumed} rows were registered by an earlier run.` : ''}`;
  const exitCode = !check.accepted || counts.invalid > 0 ? EXIT.businessFailure : EXIT.ok;
  if (options.output === 'json') {
    terminal.out(
      JSON.stringify(
        {
          dryRun: true,
          file: input.file,
          binding: options.binding,
          ...counts,
          registeredEarlier: input.resumed,
          keyAccepted: check.accepted,
          message: words,
          exitCode,
        },
        null,
        2,
      ),
    );
  } else {
    const c = terminal.color;
    terminal.out(`${check.accepted ? c.green('✔') : c.red('✖')} Dry run: ${words}`);
  }
  return exitCode;
}
