/**
 * `inode-console parity`: the same call on all four bindings, compared; exit 0 only if they agree.
 */
import { Argument, Command, Option } from 'commander';
import {
  BINDING_NAMES,
  OPERATION_NAMES,
  type Binding,
  type InodeClient,
  type OperationName,
} from '../../src/protocol/index.ts';
import {
  answerOn,
  bindingResultOf,
  type BindingAnswer,
  type ParityParams,
} from '../../src/parity/binding-result.ts';
import type { BindingResult } from '../../src/parity/compare-binding-results.ts';
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
import { parityOf, type CliParity } from '../parity-compare.ts';
import { writeReports, type ReportCase } from '../report.ts';
import type { CommandContext } from '../command-context.ts';

interface ParityOptions extends ConnectionOptions {
  AssetType?: string;
  OtherFilterCriteria?: string;
  ServiceURI?: string;
  MediaType?: string;
  output: 'human' | 'json';
}

function requestOf(options: ParityOptions, operation: OperationName, key: string): ParityParams {
  if (operation === 'GetAssetStubs') {
    return {
      operation,
      params: {
        OpenIDKey: key,
        AssetType: options.AssetType ?? '',
        OtherFilterCriteria: options.OtherFilterCriteria ?? '',
      },
    };
  }
  return {
    operation,
    params: {
      OpenIDKey: key,
      ServiceURI: options.ServiceURI ?? '',
      MediaType: options.MediaType ?? '',
    },
  };
}

export interface ParityOnBindings {
  outcomes: CallOutcome[];
  parity: CliParity;
  exitCode: number;
}

/**
 * The call on each binding, one after another (the service sees the calls in a fixed order, as
 * a person would make them), judged by the console's parity engine.
 * @example const { parity, exitCode } = await parityOnBindings(request, (b) => clientFor(options, b));
 */
export async function parityOnBindings(
  request: ParityParams,
  clientOf: (binding: Binding) => InodeClient,
): Promise<ParityOnBindings> {
  const secrets = [request.params.OpenIDKey];
  const outcomes: CallOutcome[] = [];
  const results: BindingResult[] = [];
  for (const binding of BINDING_NAMES) {
    let answer: BindingAnswer = { error: new Error('The call was not sent.') };
    outcomes.push(
      await runCall(request.operation, binding, async () => {
        answer = await answerOn(async () => clientOf(binding), request);
        if ('error' in answer) throw answer.error;
        return answer.value;
      }),
    );
    results.push(bindingResultOf(binding, answer, secrets));
  }
  const parity = parityOf(results);
  const unreachable = outcomes.some(
    (o) => o.view.kind === 'network-failure' || o.view.kind === 'timeout',
  );
  const exitCode = parity.agree
    ? EXIT.ok
    : unreachable
      ? EXIT.technicalFailure
      : EXIT.businessFailure;
  return { outcomes, parity, exitCode };
}

function callCase(outcome: CallOutcome): ReportCase {
  const ok = outcome.exitCode === EXIT.ok || outcome.exitCode === EXIT.businessFailure;
  return {
    classname: `inode-console.parity.${outcome.operation}`,
    name: `${outcome.operation} over ${outcome.binding}`,
    status: ok ? 'passed' : 'error',
    timeSeconds: outcome.durationMs / 1000,
    message: `${outcome.view.kind}: ${outcome.view.title}`,
  };
}

async function run(
  operationName: string,
  options: ParityOptions,
  context: CommandContext,
): Promise<number> {
  const operation = operationName as OperationName;
  if (
    operation === 'AddUserAssetIndex' &&
    (options.ServiceURI === undefined || options.MediaType === undefined)
  ) {
    throw new UsageError(
      'parity AddUserAssetIndex needs --ServiceURI and --MediaType (each binding registers it once).',
    );
  }
  if (
    operation === 'GetAssetStubs' &&
    (options.ServiceURI !== undefined || options.MediaType !== undefined)
  ) {
    throw new UsageError(
      '--ServiceURI and --MediaType are parameters of AddUserAssetIndex, not of GetAssetStubs.',
    );
  }
  for (const binding of BINDING_NAMES) clientFor(options, binding);
  const key = await readKey(options, context.env, context.stdin);
  const { terminal } = context;
  terminal.addSecret(key);
  warnIfKeyInUrl(terminal, BINDING_NAMES);
  const { outcomes, parity, exitCode } = await parityOnBindings(
    requestOf(options, operation, key),
    (binding) => clientFor(options, binding),
  );
  const { differences } = parity;

  if (options.output === 'json') {
    terminal.out(
      JSON.stringify(
        {
          operation,
          agree: parity.agree,
          exitCode,
          differences,
          calls: outcomes.map((o) => outcomeJson(o, [key])),
        },
        null,
        2,
      ),
    );
  } else {
    const c = terminal.color;
    for (const o of outcomes)
      terminal.out(
        `  ${o.binding.padEnd(10)} ${o.view.kind.padEnd(18)} ${o.view.title} (${Math.round(o.durationMs)} ms)`,
      );
    if (differences.length === 0) {
      terminal.out(`${c.green('✔')} ${c.bold('The four bindings agree')} on ${operation}.`);
    } else {
      terminal.out(
        `${c.red('✖')} ${c.bold(`The bindings disagree on ${differences.length} field${differences.length === 1 ? '' : 's'}`)}:`,
      );
      for (const d of differences) {
        terminal.out(`  ${c.cyan(d.field)}`);
        for (const v of d.values)
          terminal.out(
            `    ${v.binding.padEnd(10)} ${v.value.length > 200 ? `${v.value.slice(0, 200)}…` : v.value}`,
          );
      }
    }
  }
  const agreement: ReportCase = {
    classname: `inode-console.parity.${operation}`,
    name: 'the four bindings agree',
    status: differences.length === 0 ? 'passed' : 'failure',
    timeSeconds: 0,
    message: differences
      .map(
        (d) =>
          `${d.field}: ${d.values.map((v) => `${v.binding}=${v.value.slice(0, 80)}`).join(', ')}`,
      )
      .join('; '),
  };
  writeReports(
    terminal,
    options,
    'inode-console parity',
    [{ name: `parity ${operation}`, cases: [...outcomes.map(callCase), agreement] }],
    {
      exitCode,
      differences,
      calls: outcomes.map((o) => outcomeJson(o, [key])),
    },
  );
  return exitCode;
}

export function parityCommand(context: CommandContext): Command {
  const command = new Command('parity')
    .description('Make one call on all four bindings and compare the outcomes field by field.')
    .addArgument(
      new Argument('[operation]', 'the operation')
        .choices(OPERATION_NAMES)
        .default('GetAssetStubs'),
    );
  addTargetOptions(command, false);
  addKeyOptions(command);
  command
    .option('--AssetType <value>', 'GetAssetStubs: which kind of asset to list')
    .option('--OtherFilterCriteria <value>', 'GetAssetStubs: further filtering')
    .option('--ServiceURI <value>', 'AddUserAssetIndex: registered once per binding')
    .option('--MediaType <value>', 'AddUserAssetIndex: registered once per binding')
    .addOption(
      new Option('--output <format>', 'words or JSON').choices(['human', 'json']).default('human'),
    );
  addReporterOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  INODE_KEY=… inode-console parity --target http://127.0.0.1:8099 --OpenIDKey-env INODE_KEY
  inode-console parity GetAssetStubs --target … --OpenIDKey-stdin --reporter junit < key.txt

Exit codes: 0 the bindings agree, 1 they disagree, 2 a binding could not be reached, 64 bad usage.`,
  );
  command.action(async (operation: string, options: ParityOptions) => {
    context.setExit(await run(operation, options, context));
  });
  return command;
}
