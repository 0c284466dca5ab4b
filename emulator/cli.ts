// npm run emulator -- --port <n> [--host 127.0.0.1] [--namespace <uri>] [--result-prefix <Name>]
//   [--db <file>|:memory:] [--reference-mode] [--seed-stubs <n>] [--custom-errors]
//   [--no-http-bindings] [--max-request-bytes <n>] [--buffered] [--stub-memo-mib <n>]
//   [--fault-injection [--faults <spec>]]
// Prints one line with its URL once listening; GET /Inode.asmx?WSDL answering 200 means ready.
// `inode-console emulator` runs the same start code (runEmulatorCli) from the command line bundle.
import { parseArgs } from 'node:util';
import { DEMO_USERS, SEED_STUBS_KEY } from './demo-users.ts';
import { DEFAULT_FAULTS, parseFaultInjection } from './fault-injection.ts';
import { startEmulator } from './server.ts';

export const EMULATOR_USAGE = `Usage: npm run emulator -- --port <n> [--host 127.0.0.1] [--namespace <uri>]
  [--result-prefix <Name>] [--db <file>|:memory:] [--reference-mode] [--seed-stubs <n>]
  [--custom-errors] [--no-http-bindings] [--max-request-bytes <n>] [--buffered]
  [--stub-memo-mib <n>] [--fault-injection] [--faults latency=<ms>,error=<0..1>,truncate=<0..1>,reset=<0..1>]
  (--fault-injection alone uses ${DEFAULT_FAULTS})`;

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/**
 * Parses the emulator's arguments, starts it, prints where it listens, and stops it on SIGINT or
 * SIGTERM. Throws on bad arguments (the message says which).
 * @example await runEmulatorCli(['--port', '0', '--db', ':memory:']);
 */
export async function runEmulatorCli(args: string[], usage = EMULATOR_USAGE): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      namespace: { type: 'string' },
      'result-prefix': { type: 'string' },
      db: { type: 'string' },
      'reference-mode': { type: 'boolean', default: false },
      'seed-stubs': { type: 'string' },
      'custom-errors': { type: 'boolean', default: false },
      'no-http-bindings': { type: 'boolean', default: false },
      'max-request-bytes': { type: 'string' },
      buffered: { type: 'boolean', default: false },
      'stub-memo-mib': { type: 'string' },
      'fault-injection': { type: 'boolean', default: false },
      faults: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = integer('port', values.port);
  if (port === undefined) throw new Error('--port is required (0 picks a free port)');
  const seedStubs = integer('seed-stubs', values['seed-stubs']);
  const maxRequestBytes = integer('max-request-bytes', values['max-request-bytes']);
  const stubMemoMiB = integer('stub-memo-mib', values['stub-memo-mib']);
  if (values['reference-mode'] && seedStubs)
    throw new Error('--seed-stubs is for normal mode, not --reference-mode');
  const startedAt = performance.now();
  const emulator = await startEmulator({
    port,
    host: values.host,
    referenceMode: values['reference-mode'],
    customErrors: values['custom-errors'],
    httpBindings: !values['no-http-bindings'],
    ...(values.namespace ? { namespace: values.namespace } : {}),
    ...(values['result-prefix'] ? { resultPrefix: values['result-prefix'] } : {}),
    ...(values.db ? { db: values.db } : {}),
    ...(seedStubs ? { seedStubs } : {}),
    ...(maxRequestBytes ? { maxRequestBytes } : {}),
    ...(values.buffered ? { streamThresholdBytes: Infinity } : {}),
    ...(stubMemoMiB !== undefined ? { stubMemoMiB } : {}),
    ...(values['fault-injection'] || values.faults
      ? { faultInjection: parseFaultInjection(values.faults ?? DEFAULT_FAULTS) }
      : {}),
  });
  const o = emulator.handler.options;
  const mode = o.referenceMode ? 'reference mode' : 'normal mode';
  const keys = o.referenceMode
    ? 'any non-empty key'
    : [
        ...DEMO_USERS.map((u) => u.openIdKey),
        ...(o.seedStubs ? [`${SEED_STUBS_KEY} (${o.seedStubs} stubs)`] : []),
      ].join(', ');
  console.log(
    `Inode emulator listening on ${emulator.url} (${mode}; namespace ${o.namespace}; result ${o.resultPrefix}_Inode; db ${o.db}; keys: ${keys}; ready in ${Math.round(performance.now() - startedAt)} ms)`,
  );
  if (o.streamThresholdBytes === Infinity) console.log('Buffered: every answer written whole');
  if (o.faultInjection) console.log(`Fault injection ON: ${JSON.stringify(o.faultInjection)}`);
  const stop = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Only as `npm run emulator` / `tsx emulator/cli.ts`: the command line bundle imports this module.
if (/emulator[\\/]cli\.ts$/.test(process.argv[1] ?? '')) {
  runEmulatorCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.error(EMULATOR_USAGE);
    process.exit(1);
  });
}
