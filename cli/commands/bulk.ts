/**
 * `inode-console bulk FILE.csv`: the Bulk register page's job from a terminal, streamed (see
 * cli/bulk/run-bulk.ts), and `inode-console bulk merge` for the results of its shards.
 */
import { Command, Option } from 'commander';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../../src/bulk-job/bulk-runner.ts';
import { SAME_FAILURE_LIMIT } from '../../src/bulk-job/run-safeguards.ts';
import { DEFAULT_RETRY_POLICY, MAX_RETRIES } from '../../src/bulk-job/retry-policy.ts';
import type { CommandContext } from '../command-context.ts';
import { addKeyOptions, addReporterOptions, addTargetOptions } from '../connection-options.ts';
import { runBulk } from '../bulk/run-bulk.ts';
import type { BulkOptions } from '../bulk/options.ts';

export function bulkCommand(context: CommandContext, argv: readonly string[]): Command {
  const command = new Command('bulk')
    .description(
      'Register every row of a CSV/TSV file (AddUserAssetIndex), streamed and resumably.',
    )
    .argument('<file>', 'CSV or TSV: ServiceURI and MediaType columns (header optional)');
  addTargetOptions(command);
  addKeyOptions(command);
  command
    .option(
      '--concurrency <n>',
      `rows sent at once, 1–${MAX_CONCURRENCY} (with --adaptive: where it starts)`,
      String(DEFAULT_CONCURRENCY),
    )
    .option(
      '--adaptive',
      'move the concurrency to where the service’s latency stops improving (docs/cli.md)',
    )
    .option('--rate <n/s>', 'at most this many rows a second (50, 50/s or 3000/min)')
    .option(
      '--retries <n>',
      `retries per row on 503/429 (after Retry-After), timeouts and broken connections, 0–${MAX_RETRIES}`,
      String(DEFAULT_RETRY_POLICY.retries),
    )
    .option(
      '--shard <k/n>',
      'send only every n-th row starting at row k+1 (k from 0); default: JOB_COMPLETION_INDEX/INODE_SHARD_COUNT when set',
    )
    .option(
      '--shard-count <n>',
      'the shard count with JOB_COMPLETION_INDEX (Kubernetes Indexed Job)',
    )
    .option('--results <file>', 'results CSV, written as rows settle (default <file>-results.csv)')
    .option('--results-jsonl <file>', 'the results as JSON lines too, written as rows settle')
    .option(
      '--resume <file>',
      'go on from this results CSV (and its .journal): rows done are not sent again',
    )
    .option(
      '--max-failures <n>',
      'stop sending once this many rows have failed (rows in flight finish); default: no limit',
    )
    .option(
      '--dry-run',
      'read and check the file, check the key with one read-only GetAssetStubs call, say how many rows would be sent; register nothing',
    )
    .option(
      '--send-repeats',
      'send a repeated ServiceURI + MediaType pair every time (default: once)',
    )
    .option('--json', 'progress as one JSON object a second on standard error')
    .addOption(
      new Option('--output <format>', 'the summary in words or as JSON')
        .choices(['human', 'json'])
        .default('human'),
    );
  addReporterOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  INODE_KEY=… inode-console bulk indexes.csv --target http://127.0.0.1:8099 --binding soap11 \\
      --OpenIDKey-env INODE_KEY --concurrency 16 --rate 200/s
  # check the file and the key first: one read-only call, nothing registered
  inode-console bulk indexes.csv --target … --binding soap11 --OpenIDKey-env INODE_KEY --dry-run
  # after Ctrl-C, kill -9, a stop or a failed run: send only what is not done yet, exactly once
  inode-console bulk indexes.csv --target … --binding soap11 --OpenIDKey-env INODE_KEY --resume indexes-results.csv
  # 4 machines, one shard each, then one report
  inode-console bulk indexes.csv --target … --binding soap11 --OpenIDKey-env INODE_KEY --shard 0/4
  inode-console bulk merge indexes-results-*of4.csv

CSV: the Bulk register page's rules (docs/bulk.md), read as a stream, no row limit.
Results: Row,ServiceURI,MediaType,Outcome,Result, one line per row as it settles, and a journal
(<results>.journal) that makes --resume exactly-once after any crash.
Safeguards: a job whose first ${SAME_FAILURE_LIMIT} rows all fail the same way stops by itself (no more than
${SAME_FAILURE_LIMIT} rows are sent until one succeeds); --max-failures N stops after N failed rows.
Exit codes: 0 every row registered (dry run: key accepted, no invalid rows), 1 rows refused (ERROR
answers) or invalid, or the key refused, 2 faults/HTTP/transport errors, 3 stopped by a safeguard
with rows not sent, 64 bad usage or unreadable CSV (also when a broken line stopped the reading:
the rows before it ran), 130 stopped with Ctrl-C before every row was sent.`,
  );
  command.action(async (file: string, options: BulkOptions) => {
    context.setExit(await runBulk(file, options, context, argv));
  });
  return command;
}
