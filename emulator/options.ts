// The emulator's options, their defaults, and their environment-variable form.
import type { FaultInjection } from './fault-injection.ts';
import { parseFaultInjection } from './fault-injection.ts';

/** Default namespace: deliberately not the reference one, so nothing can rely on either. */
export const DEFAULT_NAMESPACE = 'http://emulator.inode.example/';
/** Default result prefix: the HTTP GET/POST record root is `Emulator_Inode`. */
export const DEFAULT_RESULT_PREFIX = 'Emulator';
export const DEFAULT_DB_FILE = '.data/emulator.sqlite';
export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
/**
 * Answers up to 512 KiB keep their Content-Length, as every answer of the captured server did
 * (the largest, 2000 stubs, was 448 KB); larger ones are streamed.
 */
export const DEFAULT_STREAM_THRESHOLD_BYTES = 512 * 1024;
/** The stubs' markup kept between calls: the 30,000 stubs of a 12 MB answer, in both layouts. */
export const DEFAULT_STUB_MEMO_MIB = 32;

export interface EmulatorOptions {
  /** The service namespace (WSDL targetNamespace). */
  readonly namespace?: string;
  /** `<prefix>_Inode` is the GetAssetStubs record's name. */
  readonly resultPrefix?: string;
  /** SQLite file, or ':memory:'. */
  readonly db?: string;
  /** Behave exactly like the reference service (accept any key, `bad`, `throw`). */
  readonly referenceMode?: boolean;
  /** ASP.NET customErrors On: messages without type names or stack traces. */
  readonly customErrors?: boolean;
  /** HTTP GET and HTTP POST bindings enabled (.NET disables them by default for remote callers). */
  readonly httpBindings?: boolean;
  /** Give the `seed-stubs` user exactly this many stubs at start (normal mode). */
  readonly seedStubs?: number;
  /** Request bodies larger than this get 413 without being read whole. */
  readonly maxRequestBytes?: number;
  /**
   * A request body that sends nothing for this long is answered 408 and closed; a client that
   * reads nothing of an answer for this long is cut off.
   */
  readonly bodyTimeoutMs?: number;
  readonly faultInjection?: FaultInjection | null;
  /**
   * Answers larger than this are streamed as they are produced (chunked); Infinity writes every
   * answer whole with a Content-Length (the buffered baseline of the bench).
   */
  readonly streamThresholdBytes?: number;
  /**
   * MiB of stub markup (about as many MB of memory) kept between calls, so that a large answer
   * asked again is not derived again from its rows; 0 keeps none (normal mode).
   */
  readonly stubMemoMiB?: number;
}

export type ResolvedOptions = Required<EmulatorOptions>;

export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  return {
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
    resultPrefix: options.resultPrefix ?? DEFAULT_RESULT_PREFIX,
    db: options.db ?? DEFAULT_DB_FILE,
    referenceMode: options.referenceMode ?? false,
    customErrors: options.customErrors ?? false,
    httpBindings: options.httpBindings ?? true,
    seedStubs: options.seedStubs ?? 0,
    maxRequestBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    faultInjection: options.faultInjection ?? null,
    streamThresholdBytes: options.streamThresholdBytes ?? DEFAULT_STREAM_THRESHOLD_BYTES,
    stubMemoMiB: options.stubMemoMiB ?? DEFAULT_STUB_MEMO_MIB,
  };
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return /^(1|true|on|yes)$/i.test(value);
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/**
 * Emulator options from the environment (used by the Vite plugin): INODE_EMULATOR_DB,
 * INODE_EMULATOR_NAMESPACE, INODE_EMULATOR_RESULT_PREFIX, INODE_EMULATOR_REFERENCE_MODE,
 * INODE_EMULATOR_CUSTOM_ERRORS, INODE_EMULATOR_HTTP_BINDINGS, INODE_EMULATOR_SEED_STUBS,
 * INODE_EMULATOR_MAX_REQUEST_BYTES, INODE_EMULATOR_FAULTS, INODE_EMULATOR_BUFFERED,
 * INODE_EMULATOR_STUB_MEMO_MIB.
 * @example optionsFromEnv({ INODE_EMULATOR_DB: ':memory:' }).db // ':memory:'
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv): EmulatorOptions {
  const entries: Array<[keyof EmulatorOptions, unknown]> = [
    ['db', env.INODE_EMULATOR_DB || undefined],
    ['namespace', env.INODE_EMULATOR_NAMESPACE || undefined],
    ['resultPrefix', env.INODE_EMULATOR_RESULT_PREFIX || undefined],
    ['referenceMode', flag(env.INODE_EMULATOR_REFERENCE_MODE)],
    ['customErrors', flag(env.INODE_EMULATOR_CUSTOM_ERRORS)],
    ['httpBindings', flag(env.INODE_EMULATOR_HTTP_BINDINGS)],
    ['seedStubs', positiveInteger('INODE_EMULATOR_SEED_STUBS', env.INODE_EMULATOR_SEED_STUBS)],
    [
      'maxRequestBytes',
      positiveInteger('INODE_EMULATOR_MAX_REQUEST_BYTES', env.INODE_EMULATOR_MAX_REQUEST_BYTES),
    ],
    ['streamThresholdBytes', flag(env.INODE_EMULATOR_BUFFERED) ? Infinity : undefined],
    [
      'stubMemoMiB',
      positiveInteger('INODE_EMULATOR_STUB_MEMO_MIB', env.INODE_EMULATOR_STUB_MEMO_MIB),
    ],
    [
      'faultInjection',
      env.INODE_EMULATOR_FAULTS ? parseFaultInjection(env.INODE_EMULATOR_FAULTS) : undefined,
    ],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as EmulatorOptions;
}
