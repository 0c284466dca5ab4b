/**
 * `inode-console bulk merge <results...>`: one report for the results files of a job's shards.
 * A top-level command (`bulk-merge`) that `bulk merge` is routed to (program.ts): under `bulk`
 * commander would demand bulk's own required options (--target, --binding) first.
 */
import { Command, Option } from 'commander';
import type { CommandContext } from '../command-context.ts';
import { EXIT } from '../exit-codes.ts';
import { mergeResults } from './merge.ts';

export function mergeCommand(context: CommandContext): Command {
  return new Command('bulk-merge')
    .description(
      'Join the results files of a sharded bulk job: counts, failures, duplicates refused, incomplete shards.',
    )
    .argument('<results...>', 'the results CSVs of the shards (their .journal files beside them)')
    .option('--into <file>', 'also write every row into one results CSV')
    .addOption(
      new Option('--output <format>', 'the report in words or as JSON')
        .choices(['human', 'json'])
        .default('human'),
    )
    .addHelpText(
      'after',
      `
Exit codes: 0 every shard complete and no row failed, 1 rows failed, 3 a shard is incomplete or
missing, 64 a file cannot be read.`,
    )
    .action(async (files: string[], options: { into?: string; output: 'human' | 'json' }) => {
      const { terminal } = context;
      const report = await mergeResults(files, options.into);
      const exitCode =
        report.incomplete.length > 0 || report.registeredTwice > 0
          ? EXIT.stopped
          : report.totals.failed > 0
            ? EXIT.businessFailure
            : EXIT.ok;
      if (options.output === 'json') {
        terminal.out(JSON.stringify({ ...report, exitCode }, null, 2));
      } else {
        const t = report.totals;
        const c = terminal.color;
        terminal.out(
          `${exitCode === EXIT.ok ? c.green('✔') : c.yellow('✖')} ${report.shards.length} results files, ${t.rows} rows: ${c.bold(`${t.registered} registered`)} (${t.registeredEarlier} by an earlier run), ${t.failed} failed (${t.duplicatesRefused} duplicates refused by the service), ${t.skipped} skipped, ${t.notSent} not sent, ${t.cancelled} cancelled`,
        );
        for (const shard of report.shards) {
          terminal.out(
            `  ${shard.shard ?? '?'} ${shard.file}: ${shard.registered} registered, ${shard.failed} failed, ${shard.skipped} skipped, ${shard.notSent} not sent${shard.complete ? '' : ` — incomplete: ${shard.why.join(', ')}`}`,
          );
        }
        for (const missing of report.missingShards)
          terminal.out(c.red(`  ${missing}: missing (no results file given)`));
        if (report.registeredTwice > 0)
          terminal.out(
            c.red(
              `  ${report.registeredTwice} rows are registered in two files: the shards overlap.`,
            ),
          );
        for (const failure of report.failures) terminal.out(c.red(`  ${failure}`));
      }
      context.setExit(exitCode);
    });
}
