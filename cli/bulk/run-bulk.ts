/**
 * `inode-console bulk FILE.csv`, streamed: the file is read and checked as rows are sent, results
 * are appended as rows settle, a journal makes resume exactly-once after any crash, and memory
 * does not grow with the rows (except the per-row JUnit/JSON report, built only when asked for).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { columnsInWords, pairKey, type BulkRow } from '../../src/bulk-job/bulk-rows.ts';
import {
  NOT_SENT_STOPPED,
  MAX_CONCURRENCY,
  type RowResult,
} from '../../src/bulk-job/bulk-runner.ts';
import { clientRegister } from '../../src/bulk-job/client-register.ts';
import { parseRate } from '../../src/bulk-job/rate-limiter.ts';
import { readEarlierResults } from '../../src/bulk-job/resume.ts';
import { classifyFailure, parseRetries } from '../../src/bulk-job/retry-policy.ts';
import { shardLabel, type Shard } from '../../src/bulk-job/shard.ts';
import { StreamRunner, toRowResult } from '../../src/bulk-job/stream-runner.ts';
import { failureLine } from '../../src/outcome/outcome-line.ts';
import { describeError } from '../../src/outcome/outcome.ts';
import { shellQuote } from '../../src/protocol/index.ts';
import { exitCodeOf } from '../call-outcome.ts';
import type { CommandContext } from '../command-context.ts';
import { clientFor, positiveInteger, warnIfKeyInUrl } from '../connection-options.ts';
import { EXIT, UsageError, worstExit } from '../exit-codes.ts';
import { readKey } from '../key-source.ts';
import { dryRun } from '../bulk-dry-run.ts';
import { showProgress } from '../bulk-progress.ts';
import { reporterNames, writeReports, type ReportCase } from '../report.ts';
import { ResultsLog, reconcileResults } from '../results-log.ts';
import { openCsvSource } from './csv-source.ts';
import { InDoubtRows } from './in-doubt.ts';
import { Journal, JournalState, replayJournal, type JournalHeader } from './journal.ts';
import { resolveShard } from './shard-option.ts';
import { openRowFeed } from './streamed-rows.ts';
import { rowCase, summaryLines, type BulkSummary } from './summary.ts';
import type { BulkOptions } from './options.ts';

const MAX_FAILURES_SHOWN = 10;
const NOT_SENT_IN_DOUBT =
  'Not sent: an earlier run may have registered it, and the service could not be asked (it stays in doubt; --resume asks again):';

function defaultResultsPath(file: string, shard: Shard): string {
  const base = basename(file).replace(/\.[^.]*$/, '');
  return shard.count > 1
    ? `${base}-results-${shard.index}of${shard.count}.csv`
    : `${base}-results.csv`;
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

function inputIdentity(file: string): JournalHeader['input'] {
  const stat = statSync(file);
  return { size: stat.size, mtimeMs: Math.round(stat.mtimeMs) };
}

export async function runBulk(
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
  let rate: number | null = null;
  if (options.rate !== undefined) {
    const parsed = parseRate(options.rate);
    if (!parsed.ok) throw new UsageError(`--rate: ${parsed.message}`);
    rate = parsed.perSecond;
  }
  const retriesParsed = parseRetries(options.retries);
  if (!retriesParsed.ok) throw new UsageError(`--retries: ${retriesParsed.message}`);
  const shard = resolveShard(options, context.env);
  const reporters = reporterNames(options.reporter);
  const client = clientFor(options);
  const source = await openCsvSource(file);
  const resultsPath = options.results ?? options.resume ?? defaultResultsPath(file, shard);
  const journalPath = `${resultsPath}.journal`;

  // Where an earlier run left off: its journal (by row number), else its results file (by pair).
  let state = new JournalState();
  let inDoubt: number[] = [];
  let earlier = new Map<string, string>();
  let reconciled = 0;
  if (options.resume !== undefined) {
    const resumeJournal = `${options.resume}.journal`;
    if (existsSync(resumeJournal)) {
      const replay = replayJournal(resumeJournal);
      const now = inputIdentity(file);
      if (replay.header && replay.header.shard !== shardLabel(shard)) {
        throw new UsageError(
          `${options.resume} is the results of shard ${replay.header.shard}, not ${shardLabel(shard)}: resume each shard from its own results file.`,
        );
      }
      if (
        replay.header &&
        (replay.header.input.size !== now.size || replay.header.input.mtimeMs !== now.mtimeMs)
      ) {
        throw new UsageError(
          `${file} changed since ${options.resume} was written (size or date): going on by row number could skip or repeat rows. Restore the file, or delete ${resumeJournal} to go on by ServiceURI + MediaType from the results file instead.`,
        );
      }
      state = replay.state;
      reconciled = reconcileResults(options.resume, replay.resultsOffset, state);
      inDoubt = replay.inDoubt.filter((row) => !state.isDone(row));
    } else {
      if (!existsSync(options.resume))
        throw new UsageError(
          `The results file to resume from ${options.resume} cannot be read (ENOENT).`,
        );
      const previous = await readEarlierResults(readFileSync(options.resume, 'utf8'));
      if (previous.fileErrors.length > 0)
        throw new UsageError(`${options.resume}: ${previous.fileErrors.join(' ')}`);
      earlier = previous.registered;
    }
  }
  const sameFile = options.resume !== undefined && resolve(options.resume) === resolve(resultsPath);
  if (!options.dryRun && options.resume === undefined && existsSync(resultsPath)) {
    throw new UsageError(
      `The results file ${resultsPath} exists already. Go on from it with --resume ${resultsPath}, or choose another with --results FILE.`,
    );
  }

  const cases: ReportCase[] = [];
  const exitByRow = new Map<number, number>();
  let log: ResultsLog | null = null;
  let journal: Journal | null = null;
  const notSentWritten = (row: BulkRow, result: RowResult) => {
    if (reporters.length > 0) cases.push(rowCase(row, result, options.binding, undefined));
    if (options.dryRun) return;
    if (result.state === 'succeeded' && sameFile) {
      journal?.done(row.rowNumber);
      return;
    }
    log?.write(row, result);
    if (result.state !== 'pending') journal?.done(row.rowNumber);
  };
  let firstMediaType = '';
  const feed = await openRowFeed(file, source, {
    shard,
    skipRepeats: !options.sendRepeats,
    isDone: (row) => state.isDone(row.rowNumber),
    earlierValue: (row) => earlier.get(pairKey(row.ServiceURI, row.MediaType)),
    onNotSent: notSentWritten,
  });
  terminal.err(
    `${file}: ${columnsInWords(feed.columns)} Values separated by ${source.delimiter}s.`,
  );

  if (options.dryRun) {
    for await (const row of feed.rows) firstMediaType ||= row.MediaType;
    const c = feed.counts;
    return dryRun({
      file,
      counts: { rows: c.inShard, toSend: c.toSend, invalid: c.invalid, repeats: c.repeats },
      firstMediaType,
      resumed: c.earlier,
      client,
      options,
      context,
    });
  }

  const key = await readKey(options, context.env, context.stdin);
  terminal.addSecret(key);
  warnIfKeyInUrl(terminal, [options.binding]);
  log = new ResultsLog(resultsPath, (text) => terminal.redact(text), options.resultsJsonl);
  journal = new Journal(
    journalPath,
    { input: inputIdentity(file), shard: shardLabel(shard) },
    state,
    () => log?.size ?? 0,
  );
  const activeJournal = journal;
  const activeLog = log;
  const askFirst = new InDoubtRows(inDoubt);
  // Rows whose last attempt ended in the question, not in a registration.
  const unanswered = new Set<number>();
  let foundRegistered = 0;
  if (reconciled > 0)
    terminal.err(
      `${reconciled} rows done since the journal's last checkpoint read back from ${resultsPath}.`,
    );
  if (inDoubt.length > 0)
    terminal.err(
      `${inDoubt.length} rows were in flight when the earlier run ended: the service is asked about each before it is sent again.`,
    );

  const send = clientRegister(client, key);
  const failures: string[] = [];
  let failedCount = 0;
  const runner = new StreamRunner<BulkRow>({
    rows: feed.rows,
    concurrency,
    adaptive: options.adaptive === true,
    rate,
    retries: retriesParsed.retries,
    maxFailures,
    register: async (row, signal) => {
      if (askFirst.has(row.rowNumber)) {
        let found: string | null;
        try {
          found = await askFirst.ask(client, key, row, signal);
        } catch (error) {
          unanswered.add(row.rowNumber);
          exitByRow.set(row.rowNumber, exitCodeOf(describeError(error).kind));
          throw error;
        }
        unanswered.delete(row.rowNumber);
        askFirst.delete(row.rowNumber);
        if (found !== null) {
          foundRegistered += 1;
          exitByRow.set(row.rowNumber, EXIT.ok);
          return found;
        }
      }
      // Its S line is on disk before the call leaves (exactly-once after a kill).
      await activeJournal.started(row.rowNumber);
      try {
        const value = await send(row, signal);
        exitByRow.set(row.rowNumber, /^\s*ERROR/i.test(value) ? EXIT.businessFailure : EXIT.ok);
        return value;
      } catch (error) {
        // No clear answer: the service may have it. Ask before sending it again.
        const reason = classifyFailure(error).reason;
        if (reason === 'timeout' || reason === 'connection') askFirst.add(row.rowNumber);
        exitByRow.set(row.rowNumber, exitCodeOf(describeError(error).kind));
        throw error;
      }
    },
    describeError: (error) => failureLine(error, [key]),
    onRowSettled: (row, outcome) => {
      const result = toRowResult(outcome);
      if (unanswered.delete(row.rowNumber) && result.error !== null)
        result.error = `${NOT_SENT_IN_DOUBT} ${result.error}`;
      activeLog.write(row, result, outcome.retryReason);
      if (outcome.state === 'succeeded') activeJournal.done(row.rowNumber);
      // A call cancelled in flight may have reached the service: in doubt too.
      else if (askFirst.has(row.rowNumber) || outcome.state === 'cancelled')
        activeJournal.unclear(row.rowNumber);
      else activeJournal.failed(row.rowNumber);
      if (outcome.state === 'failed') {
        failedCount += 1;
        if (failures.length < MAX_FAILURES_SHOWN)
          failures.push(
            `  row ${row.rowNumber} ${row.ServiceURI}: ${result.value ?? result.error ?? ''}`,
          );
      }
      if (reporters.length > 0)
        cases.push(rowCase(row, result, options.binding, exitByRow.get(row.rowNumber)));
      if (outcome.state !== 'failed') exitByRow.delete(row.rowNumber);
    },
  });
  terminal.err(
    `Sending the rows of ${file}${shard.count > 1 ? ` in shard ${shardLabel(shard)}` : ''} over ${options.binding}, ${concurrency} at a time` +
      `${options.adaptive ? ' (adaptive)' : ''}${rate !== null ? `, at most ${rate} rows/s` : ''}` +
      `${state.doneCount > 0 || earlier.size > 0 ? ', rows done by an earlier run not sent again' : ''}; results in ${resultsPath}`,
  );

  let interrupted = false;
  const stopListening = context.onInterrupt(() => {
    if (!interrupted) {
      interrupted = true;
      runner.stop(null);
      const inFlight = runner.snapshot().counts.inFlight;
      terminal.err(
        `\nStopping: no new rows are sent; waiting for the ${inFlight} call${inFlight === 1 ? '' : 's'} in flight. Ctrl-C again aborts them.`,
      );
    } else {
      runner.cancel();
    }
  });
  const started = performance.now();
  const progress = showProgress(
    { runner, bytesRead: () => source.bytesRead, bytesTotal: statSync(file).size },
    terminal,
    options.json ? 'json' : 'auto',
  );
  const end = await runner.run();
  progress.stop();
  stopListening();
  const seconds = (performance.now() - started) / 1000;

  // A safeguard stopped the job: the rows it did not send are listed (cheap: no calls).
  let notSent = 0;
  if (end.phase === 'stopped' && !interrupted) {
    for await (const row of feed.rows) {
      notSent += 1;
      notSentWritten(row, {
        state: 'pending',
        value: null,
        error: NOT_SENT_STOPPED,
        attempts: 0,
        durationMs: null,
      });
    }
  }
  const moreUnread = !feed.ended;
  if (feed.ended && source.fault === null) activeJournal.markEnded();
  activeJournal.close();
  activeLog.close();

  const counts = end.counts;
  const summary: BulkSummary = {
    file,
    binding: options.binding,
    shard: shardLabel(shard),
    rows: feed.counts.inShard,
    registered: counts.succeeded,
    registeredEarlier: feed.counts.earlier,
    failed: counts.failed,
    retries: counts.retries,
    invalid: feed.counts.invalid,
    repeatsSkipped: feed.counts.repeats,
    notSent: notSent + counts.cancelled,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: seconds > 0 ? Math.round((counts.succeeded + counts.failed) / seconds) : 0,
    resultsFile: resultsPath,
    stopReason: end.stopReason,
    csvFault: source.fault?.message ?? null,
    exitCode: EXIT.ok,
  };
  const failedExits = [...exitByRow.values()];
  let exitCode = worstExit([
    ...failedExits,
    feed.counts.invalid > 0 ? EXIT.businessFailure : EXIT.ok,
    source.fault ? EXIT.usage : EXIT.ok,
  ]);
  if (end.phase === 'stopped' && !interrupted) exitCode = EXIT.stopped;
  if (interrupted && (moreUnread || summary.notSent > 0)) exitCode = EXIT.interrupted;
  summary.exitCode = exitCode;

  if (options.output === 'json') terminal.out(JSON.stringify(summary, null, 2));
  else {
    terminal.out(summaryLines(summary, terminal.color));
    for (const line of failures) terminal.out(terminal.color.red(line));
    if (failedCount > failures.length)
      terminal.out(
        `  …and ${failedCount - failures.length} more failed rows (see ${resultsPath}).`,
      );
  }
  if (source.fault)
    terminal.err(
      terminal.errColor.red(
        `${file}: ${source.fault.message} The rows before line ${source.fault.line} were sent; fix the file and go on with --resume ${resultsPath}.`,
      ),
    );
  if (end.stopReason !== null) terminal.err(terminal.errColor.red(end.stopReason));
  if (askFirst.questions > 0)
    terminal.err(
      `Asked the service ${askFirst.questions} time${askFirst.questions === 1 ? '' : 's'} about rows in doubt: ${foundRegistered} were registered already (not sent again)` +
        `${askFirst.size > 0 ? `; ${askFirst.size} stay in doubt (--resume asks again)` : ''}.`,
    );
  if (summary.notSent > 0 || (interrupted && moreUnread)) {
    const what =
      interrupted && moreUnread
        ? 'Some rows were not sent.'
        : `${summary.notSent} rows were not sent.`;
    terminal.err(`${what} To go on: ${resumeHint(argv, resultsPath)}`);
  }
  writeReports(
    terminal,
    options,
    'inode-console bulk',
    [{ name: `bulk ${basename(file)}`, cases }],
    { summary },
  );
  return exitCode;
}
