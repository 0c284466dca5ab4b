/**
 * `inode-console bulk FILE.csv`: the Bulk register page's job from a terminal. The same CSV
 * rules, row checks, runner and results format (src/bulk-job/), a results file written as rows
 * settle, `--resume` from it, and Ctrl-C that stops sending, lets calls in flight finish and
 * says how to go on.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { readBulkCsv } from '../../src/bulk-job/read-bulk-csv.ts';
import { columnsInWords, initialResults, type BulkRow } from '../../src/bulk-job/bulk-rows.ts';
import {
  BulkRunner,
  DEFAULT_CONCURRENCY,
  MAX_CONCURRENCY,
  SAME_FAILURE_LIMIT,
  type RowResult,
} from '../../src/bulk-job/bulk-runner.ts';
import { clientRegister } from '../../src/bulk-job/client-register.ts';
import { readEarlierResults, resumeFrom } from '../../src/bulk-job/resume.ts';
import { outcomeWord } from '../../src/bulk-job/results-csv.ts';
import { failureLine } from '../../src/outcome/outcome-line.ts';
import { describeError } from '../../src/outcome/outcome.ts';
import { EXIT, UsageError, worstExit } from '../exit-codes.ts';
import { readKey } from '../key-source.ts';
import {
  addKeyOptions,
  addReporterOptions,
  addTargetOptions,
  clientFor,
  positiveInteger,
  warnIfKeyInUrl,
  type ConnectionOptions,
} from '../connection-options.ts';
import { exitCodeOf } from '../call-outcome.ts';
import { ResultsLog } from '../results-log.ts';
import { showProgress } from '../bulk-progress.ts';
import { dryRun } from '../bulk-dry-run.ts';
import { writeReports, type ReportCase } from '../report.ts';
import type { CommandContext } from '../command-context.ts';
import { shellQuote } from '../../src/protocol/index.ts';

interface BulkOptions extends ConnectionOptions {
  concurrency: string;
  results?: string;
  resume?: string;
  sendRepeats?: boolean;
  maxFailures?: string;
  dryRun?: boolean;
  output: 'human' | 'json';
}

const MAX_FAILURES_SHOWN = 10;

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`The ${what} ${path} cannot be read${code ? ` (${code})` : ''}.`);
  }
}

function defaultResultsPath(file: string): string {
  return `${basename(file).replace(/\.[^.]*$/, '')}-results.csv`;
}

/** The command that would go on from here (the key stays where it was: env or stdin). */
function resumeHint(argv: readonly string[], resultsPath: string): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--resume' || arg === '--results') i += 1;
    else if (!arg.startsWith('--resume=') && !arg.startsWith('--results=')) kept.push(arg);
  }
  return ['inode-console', ...kept, '--resume', resultsPath]
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : shellQuote(a)))
    .join(' ');
}

function rowCase(
  row: BulkRow,
  result: RowResult,
  binding: string,
  exitCode: number | undefined,
): ReportCase {
  const word = outcomeWord(row, result);
  const base = {
    classname: `inode-console.bulk.AddUserAssetIndex.${binding}`,
    name: `row ${row.rowNumber}: ${row.ServiceURI} ${row.MediaType}`,
    timeSeconds: (result.durationMs ?? 0) / 1000,
  };
  if (result.state === 'succeeded')
    return { ...base, status: 'passed', message: `${word}: ${result.value ?? ''}` };
  if (result.state === 'failed') {
    const message = result.value ?? result.error ?? 'failed';
    return {
      ...base,
      status: exitCode === EXIT.businessFailure || result.value !== null ? 'failure' : 'error',
      message,
    };
  }
  const issues = row.issues.map((issue) => issue.message).join(' ');
  return { ...base, status: 'skipped', message: issues ? `${word}: ${issues}` : word };
}

async function run(
  file: string,
  options: BulkOptions,
  context: CommandContext,
  argv: readonly string[],
): Promise<number> {
  const { terminal } = context;
  const concurrency = positiveInteger('--concurrency', options.concurrency, MAX_CONCURRENCY);
  const maxFailures =
    options.maxFailures === undefined
      ? null
      : positiveInteger('--max-failures', options.maxFailures);
  const client = clientFor(options);
  const parsed = await readBulkCsv(await readText(file, 'CSV file'));
  if (parsed.fileErrors.length > 0) {
    throw new UsageError(`${file}: ${parsed.fileErrors.join(' ')}`);
  }
  if (parsed.rows.length === 0) throw new UsageError(`${file} has no rows.`);
  for (const problem of parsed.problems.slice(0, 5))
    terminal.err(terminal.errColor.yellow(`${file}: row ${problem.row}: ${problem.message}`));
  if (parsed.problems.length > 5)
    terminal.err(terminal.errColor.yellow(`…and ${parsed.problems.length - 5} more CSV problems.`));

  if (parsed.columns)
    terminal.err(
      `${file}: ${columnsInWords(parsed.columns)} Values separated by ${parsed.delimiter}s.`,
    );
  const rows = parsed.rows;
  let starting = initialResults(rows, !options.sendRepeats);
  let resumed = 0;
  const resultsPath = options.results ?? options.resume ?? defaultResultsPath(file);
  if (options.resume !== undefined) {
    const earlier = await readEarlierResults(
      await readText(options.resume, 'results file to resume from'),
    );
    if (earlier.fileErrors.length > 0)
      throw new UsageError(`${options.resume}: ${earlier.fileErrors.join(' ')}`);
    ({ results: starting, taken: resumed } = resumeFrom(rows, starting, earlier));
  }
  if (options.dryRun) {
    return dryRun({ file, rows, starting, resumed, client, options, context });
  }
  if (options.resume === undefined && existsSync(resultsPath)) {
    throw new UsageError(
      `The results file ${resultsPath} exists already. Go on from it with --resume ${resultsPath}, or choose another with --results FILE.`,
    );
  }
  const sameFile = options.resume !== undefined && resolve(options.resume) === resolve(resultsPath);
  const key = await readKey(options, context.env, context.stdin);
  terminal.addSecret(key);
  warnIfKeyInUrl(terminal, [options.binding]);

  const exitByRow = new Map<BulkRow, number>();
  const send = clientRegister(client, key);
  const log = new ResultsLog(resultsPath, (text) => terminal.redact(text));
  const written = new Set<number>();
  const runner = new BulkRunner({
    items: rows,
    concurrency,
    initialResults: starting,
    maxFailures,
    register: async (item, signal) => {
      try {
        const value = await send(item, signal);
        exitByRow.set(item as BulkRow, /^\s*ERROR/i.test(value) ? EXIT.businessFailure : EXIT.ok);
        return value;
      } catch (error) {
        exitByRow.set(item as BulkRow, exitCodeOf(describeError(error).kind));
        throw new Error(failureLine(error, [key]), { cause: error });
      }
    },
    onRowSettled: (index, result) => {
      const row = rows[index];
      if (!row) return;
      written.add(index);
      log.write(row, result);
    },
  });
  const toSend = runner.snapshot().counts.pending;
  terminal.err(
    `${rows.length} rows from ${file}: sending ${toSend} over ${options.binding}, ${concurrency} at a time` +
      `${resumed ? ` (${resumed} registered by an earlier run, not sent again)` : ''}; results in ${resultsPath}`,
  );

  let interrupted = false;
  const stopListening = context.onInterrupt(() => {
    if (!interrupted) {
      interrupted = true;
      runner.pause();
      const inFlight = runner.snapshot().counts.running;
      terminal.err(
        `\nStopping: no new rows are sent; waiting for the ${inFlight} call${inFlight === 1 ? '' : 's'} in flight. Ctrl-C again aborts them.`,
      );
    } else {
      runner.cancel();
    }
  });
  const started = performance.now();
  const progress = showProgress(runner, toSend + resumed, terminal);
  runner.start();
  await runner.whenSettled();
  progress.stop();
  stopListening();
  const seconds = (performance.now() - started) / 1000;

  // Rows that did not settle in this run: skipped, never sent, or (in another file) registered earlier.
  rows.forEach((row, index) => {
    if (written.has(index)) return;
    const result = runner.result(index);
    if (sameFile && result.state === 'succeeded' && result.attempts === 0) return;
    log.write(row, result);
  });
  log.close();

  const snapshot = runner.snapshot();
  const { counts } = snapshot;
  const sentNow = counts.succeeded - resumed + counts.failed;
  const invalid = rows.filter(
    (row, index) =>
      runner.result(index).state === 'skipped' && row.issues.some((i) => i.severity === 'error'),
  ).length;
  const failedExits = rows.map((row, index) =>
    runner.result(index).state === 'failed'
      ? (exitByRow.get(row) ?? EXIT.technicalFailure)
      : EXIT.ok,
  );
  let exitCode = worstExit([...failedExits, invalid > 0 ? EXIT.businessFailure : EXIT.ok]);
  const unsent = counts.pending + counts.cancelled;
  if (snapshot.phase === 'stopped') exitCode = EXIT.stopped;
  if (interrupted && unsent > 0) exitCode = EXIT.interrupted;

  const c = terminal.color;
  const summary = {
    file,
    binding: options.binding,
    rows: rows.length,
    registered: counts.succeeded - resumed,
    registeredEarlier: resumed,
    failed: counts.failed,
    invalid,
    repeatsSkipped: counts.skipped - invalid,
    notSent: unsent,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: seconds > 0 ? Math.round(sentNow / seconds) : 0,
    resultsFile: resultsPath,
    stopReason: snapshot.stopReason,
    exitCode,
  };
  if (options.output === 'json') {
    terminal.out(JSON.stringify(summary, null, 2));
  } else {
    terminal.out(
      [
        `${exitCode === EXIT.ok ? c.green('✔') : c.yellow('✖')} ${c.bold(`${summary.registered} registered`)}, ${counts.failed} failed` +
          `${resumed ? `, ${resumed} registered earlier` : ''}${invalid ? `, ${invalid} invalid (not sent)` : ''}` +
          `${summary.repeatsSkipped ? `, ${summary.repeatsSkipped} repeats sent once` : ''}${unsent ? `, ${unsent} not sent` : ''}` +
          ` in ${seconds.toFixed(1)} s (${summary.rowsPerSecond} rows/s)`,
        `  Results: ${resultsPath}`,
      ].join('\n'),
    );
    const failures = rows.flatMap((row, index) => {
      const result = runner.result(index);
      return result.state === 'failed'
        ? [`  row ${row.rowNumber} ${row.ServiceURI}: ${result.value ?? result.error ?? ''}`]
        : [];
    });
    for (const line of failures.slice(0, MAX_FAILURES_SHOWN)) terminal.out(c.red(line));
    if (failures.length > MAX_FAILURES_SHOWN)
      terminal.out(
        `  …and ${failures.length - MAX_FAILURES_SHOWN} more failed rows (see ${resultsPath}).`,
      );
  }
  if (snapshot.stopReason !== null) terminal.err(terminal.errColor.red(snapshot.stopReason));
  if (unsent > 0) {
    terminal.err(`${unsent} rows were not sent. To go on: ${resumeHint(argv, resultsPath)}`);
  }
  writeReports(
    terminal,
    options,
    'inode-console bulk',
    [
      {
        name: `bulk ${basename(file)}`,
        cases: rows.map((row, index) =>
          rowCase(row, runner.result(index), options.binding, exitByRow.get(row)),
        ),
      },
    ],
    { summary },
  );
  return exitCode;
}

export function bulkCommand(context: CommandContext, argv: readonly string[]): Command {
  const command = new Command('bulk')
    .description('Register every row of a CSV/TSV file (AddUserAssetIndex), resumably.')
    .argument('<file>', 'CSV or TSV: ServiceURI and MediaType columns (header optional)');
  addTargetOptions(command);
  addKeyOptions(command);
  command
    .option(
      '--concurrency <n>',
      `rows sent at once, 1–${MAX_CONCURRENCY}`,
      String(DEFAULT_CONCURRENCY),
    )
    .option('--results <file>', 'results CSV, written as rows settle (default <file>-results.csv)')
    .option(
      '--resume <file>',
      'skip the rows this results CSV lists as registered, and append to it',
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
      --OpenIDKey-env INODE_KEY --concurrency 16 --results indexes-results.csv
  # check the file and the key first: one read-only call, nothing registered
  inode-console bulk indexes.csv --target … --binding soap11 --OpenIDKey-env INODE_KEY --dry-run
  # after Ctrl-C, a stop, a crash or a failed run: send only what is not registered yet
  inode-console bulk indexes.csv --target … --binding soap11 --OpenIDKey-env INODE_KEY --resume indexes-results.csv
  inode-console bulk indexes.csv … --reporter junit --reporter-junit-export bulk.xml

CSV: the Bulk register page's rules (docs/bulk.md). Results: Row,ServiceURI,MediaType,Outcome,Result.
Safeguards: a job whose first ${SAME_FAILURE_LIMIT} rows all fail the same way stops by itself (no more than
${SAME_FAILURE_LIMIT} rows are sent until one succeeds); --max-failures N stops after N failed rows.
Exit codes: 0 every row registered (dry run: key accepted, no invalid rows), 1 rows refused (ERROR
answers) or invalid, or the key refused, 2 faults/HTTP/transport errors, 3 stopped by a safeguard
with rows not sent, 64 bad usage or unreadable CSV, 130 stopped with Ctrl-C before every row was sent.`,
  );
  command.action(async (file: string, options: BulkOptions) => {
    context.setExit(await run(file, options, context, argv));
  });
  return command;
}
