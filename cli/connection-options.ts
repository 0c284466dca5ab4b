/**
 * The options every service command takes (target, binding, namespace, timeout, key, reporters)
 * and the client they describe.
 */
import { Option, type Command } from 'commander';
import {
  BINDING_NAMES,
  createInodeClient,
  DEFAULT_TIMEOUT_MS,
  SECRET_IN_URL_WARNING,
  type Binding,
  type InodeClient,
} from '../src/protocol/index.ts';
import { UsageError } from './exit-codes.ts';
import { targetBaseUrl } from './target.ts';
import type { KeyOptions } from './key-source.ts';
import type { ReporterOptions } from './report.ts';
import type { Terminal } from './terminal.ts';

export interface ConnectionOptions extends KeyOptions, ReporterOptions {
  target: string;
  binding: Binding;
  namespace?: string;
  timeout: string;
}

export function addTargetOptions(command: Command, bindingRequired = true): Command {
  command.requiredOption(
    '--target <url>',
    'the service: http(s)://host[:port][/path][/Inode.asmx]',
  );
  if (bindingRequired) {
    command.addOption(
      new Option('--binding <binding>', 'the binding to call over')
        .choices(BINDING_NAMES)
        .makeOptionMandatory(),
    );
  }
  return command
    .option('--namespace <uri>', 'the service namespace (default: read from ?WSDL)')
    .option('--timeout <ms>', 'per-call timeout in milliseconds', String(DEFAULT_TIMEOUT_MS));
}

export function addKeyOptions(command: Command): Command {
  return command
    .option('--OpenIDKey-env <VAR>', 'read the OpenIDKey from this environment variable')
    .option('--OpenIDKey-stdin', 'read the OpenIDKey from standard input (a pipe or file)');
}

export function addReporterOptions(command: Command): Command {
  return command
    .option(
      '--reporter <names>',
      'also write a report: junit, json (comma-separated or repeated)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--reporter-junit-export <file>', 'JUnit XML file (default inode-console-junit.xml)')
    .option(
      '--reporter-json-export <file>',
      'JSON report file (default inode-console-report.json)',
    );
}

/** A positive whole number option, or a usage error naming it. */
export function positiveInteger(
  name: string,
  value: string,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${name} must be a whole number from 1 to ${max}; got "${value}".`);
  }
  return n;
}

/** The client for the options' target and binding (Node's own fetch). */
export function clientFor(
  options: ConnectionOptions,
  binding: Binding = options.binding,
): InodeClient {
  return createInodeClient({
    baseUrl: targetBaseUrl(options.target),
    binding,
    timeoutMs: positiveInteger('--timeout', options.timeout),
    ...(options.namespace ? { namespace: options.namespace } : {}),
  });
}

/** HTTP GET puts the key in the URL: say so, as the page does. */
export function warnIfKeyInUrl(terminal: Terminal, bindings: readonly Binding[]): void {
  if (bindings.includes('http-get')) {
    terminal.err(terminal.errColor.yellow(`Warning: ${SECRET_IN_URL_WARNING.message}`));
  }
}
