/**
 * `inode-console call GetAssetStubs|AddUserAssetIndex`: one call, its outcome in words (or JSON,
 * or DataStubs alone), an exit code CI can act on, and optional JUnit/JSON reports.
 */
import { Argument, Command, Option } from 'commander';
import {
  BINDINGS,
  OPERATIONS,
  OPERATION_NAMES,
  type InodeClient,
  type OperationName,
} from '../../src/protocol/index.ts';
import { prettyXml } from '../../src/xml/xml-pretty.ts';
import { EXIT, UsageError } from '../exit-codes.ts';
import { readKey } from '../key-source.ts';
import {
  addKeyOptions,
  addReporterOptions,
  addTargetOptions,
  clientFor,
  warnIfKeyInUrl,
  type ConnectionOptions,
} from '../connection-options.ts';
import { outcomeJson, runCall, type CallOutcome } from '../call-outcome.ts';
import { writeReports, type ReportCase } from '../report.ts';
import type { CommandContext } from '../command-context.ts';

/** The service's own parameter names, from the operation table (the key excluded). */
const PARAMETERS = OPERATION_NAMES.flatMap((op) =>
  OPERATIONS[op].parameters.filter((p) => !p.secret).map((p) => ({ op, ...p })),
);

type Output = 'human' | 'json' | 'xml';

interface CallOptions extends ConnectionOptions {
  output: Output;
  [parameter: string]: unknown;
}

/** The call's parameters from the options; a parameter of the other operation is refused. */
function parametersFor(operation: OperationName, options: CallOptions): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of PARAMETERS) {
    const given = options[parameter.name];
    if (parameter.op !== operation) {
      if (given !== undefined) {
        throw new UsageError(
          `--${parameter.name} is a parameter of ${parameter.op}, not of ${operation}.`,
        );
      }
      continue;
    }
    if (given === undefined && operation === 'AddUserAssetIndex') {
      throw new UsageError(`${operation} needs --${parameter.name}.`);
    }
    values[parameter.name] = typeof given === 'string' ? given : '';
  }
  return values;
}

function send(client: InodeClient, operation: OperationName, params: Record<string, string>) {
  return operation === 'GetAssetStubs'
    ? () =>
        client.getAssetStubs({
          OpenIDKey: params.OpenIDKey ?? '',
          AssetType: params.AssetType ?? '',
          OtherFilterCriteria: params.OtherFilterCriteria ?? '',
        })
    : () =>
        client.addUserAssetIndex({
          OpenIDKey: params.OpenIDKey ?? '',
          ServiceURI: params.ServiceURI ?? '',
          MediaType: params.MediaType ?? '',
        });
}

function show(value: string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '(absent)';
  if (value === '') return '(empty)';
  return String(value);
}

/** The human summary: outcome line, facts, fields, DataStubs pretty-printed. */
export function humanSummary(outcome: CallOutcome, context: CommandContext): string {
  const c = context.terminal.color;
  const good = outcome.view.kind === 'success';
  const mark = good
    ? c.green('✔')
    : outcome.exitCode === EXIT.businessFailure
      ? c.yellow('✖')
      : c.red('✖');
  const label = BINDINGS[outcome.binding as keyof typeof BINDINGS]?.label ?? outcome.binding;
  const lines = [
    `${mark} ${c.bold(outcome.view.title)}  ${outcome.operation} over ${label} (${Math.round(outcome.durationMs)} ms)`,
    `  ${outcome.view.message}`,
  ];
  for (const fact of outcome.view.facts) lines.push(`  ${c.dim(`${fact.label}:`)} ${fact.value}`);
  const result = outcome.result;
  if (result && 'record' in result) {
    for (const field of OPERATIONS.GetAssetStubs.result.fields) {
      if (field.name === 'DataStubs') continue;
      lines.push(`  ${c.cyan(field.name.padEnd(12))} ${show(result.record[field.name])}`);
    }
    lines.push(
      `  ${c.cyan('DataStubs'.padEnd(12))} ${result.record.DataStubs === null ? '(absent)' : ''}`,
    );
    if (result.record.DataStubs !== null) {
      lines.push(prettyXml(result.record.DataStubs).replace(/^/gm, '    '));
    }
  } else if (result) {
    lines.push(`  ${c.cyan('Result'.padEnd(12))} ${show(result.value)}`);
  }
  for (const warning of result?.warnings ?? [])
    lines.push(c.yellow(`  Warning: ${warning.message}`));
  if (outcome.view.detail && !good) lines.push(c.dim(outcome.view.detail.replace(/^/gm, '  | ')));
  return lines.join('\n');
}

function reportCase(outcome: CallOutcome): ReportCase {
  const status =
    outcome.exitCode === EXIT.ok
      ? 'passed'
      : outcome.exitCode === EXIT.businessFailure
        ? 'failure'
        : 'error';
  return {
    classname: `inode-console.${outcome.operation}`,
    name: `${outcome.operation} over ${outcome.binding}`,
    status,
    timeSeconds: outcome.durationMs / 1000,
    message: [outcome.view.title, ...outcome.view.facts.map((f) => `${f.label}: ${f.value}`)].join(
      ' · ',
    ),
    ...(outcome.view.detail ? { detail: outcome.view.detail } : {}),
  };
}

async function run(
  operationName: string,
  options: CallOptions,
  context: CommandContext,
): Promise<number> {
  const operation = operationName as OperationName;
  const params = parametersFor(operation, options);
  if (options.output === 'xml' && operation !== 'GetAssetStubs') {
    throw new UsageError('--output xml prints DataStubs, which only GetAssetStubs returns.');
  }
  const client = clientFor(options);
  const key = await readKey(options, context.env, context.stdin);
  context.terminal.addSecret(key);
  warnIfKeyInUrl(context.terminal, [options.binding]);
  const outcome = await runCall(
    operation,
    options.binding,
    send(client, operation, { ...params, OpenIDKey: key }),
  );
  const { terminal } = context;
  if (options.output === 'json') {
    terminal.out(JSON.stringify(outcomeJson(outcome, [key]), null, 2));
  } else if (options.output === 'xml') {
    const stubs =
      outcome.result && 'record' in outcome.result ? outcome.result.record.DataStubs : null;
    if (stubs !== null) terminal.out(stubs);
    else terminal.err(`No DataStubs: ${outcome.view.title}. ${outcome.view.message}`);
  } else {
    terminal.out(humanSummary(outcome, context));
  }
  writeReports(
    terminal,
    options,
    'inode-console call',
    [{ name: `call ${operation}`, cases: [reportCase(outcome)] }],
    {
      exitCode: outcome.exitCode,
      calls: [outcomeJson(outcome, [key])],
    },
  );
  return outcome.exitCode;
}

export function callCommand(context: CommandContext): Command {
  const command = new Command('call')
    .description('Call one operation once and report the outcome.')
    .addArgument(new Argument('<operation>', 'the operation').choices(OPERATION_NAMES));
  addTargetOptions(command);
  addKeyOptions(command);
  for (const parameter of PARAMETERS) {
    command.option(`--${parameter.name} <value>`, `${parameter.op}: ${parameter.description}`);
  }
  command.addOption(
    new Option('--output <format>', 'human summary, the typed outcome as JSON, or DataStubs alone')
      .choices(['human', 'json', 'xml'])
      .default('human'),
  );
  addReporterOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  INODE_KEY=… inode-console call GetAssetStubs --target http://127.0.0.1:8099 --binding soap11 \\
      --OpenIDKey-env INODE_KEY --AssetType image --reporter junit --reporter-junit-export stubs.xml
  inode-console call AddUserAssetIndex --target https://inode.example/Inode.asmx --binding soap12 \\
      --OpenIDKey-stdin --ServiceURI https://media.example/a.jpg --MediaType image < key.txt
  inode-console call GetAssetStubs … --output xml | xmllint --format -

Exit codes: 0 success, 1 Success=false or an ERROR answer, 2 fault/HTTP/transport error, 64 bad usage.`,
  );
  command.action(async (operation: string, options: CallOptions) => {
    context.setExit(await run(operation, options, context));
  });
  return command;
}
