// The production server's settings: every option is an environment variable, and each has a
// command-line flag that overrides it. `npm start -- --help` prints this table.
import { parseArgs } from 'node:util';
import {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
} from './connection-limits.ts';
import {
  DEFAULT_CALL_DEADLINE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  DEFAULT_QUEUE_TIMEOUT_MS,
} from './proxy.ts';
import { MAX_CONNECTIONS_PER_TARGET } from './target-pool.ts';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './relay-limits.ts';

interface Setting {
  readonly flag: string;
  readonly env: string;
  readonly fallback: string;
  readonly help: string;
}

export const SETTINGS: readonly Setting[] = [
  {
    flag: 'host',
    env: 'HOST',
    fallback: '127.0.0.1',
    help: 'Address to listen on (0.0.0.0: every interface).',
  },
  {
    flag: 'port',
    env: 'PORT',
    fallback: '8080',
    help: 'TCP port to listen on (0: any free port).',
  },
  {
    flag: 'target',
    env: 'INODE_TARGET',
    fallback: '',
    help: 'The Inode.asmx to proxy to, e.g. http://inode.internal:8080 (the default target).',
  },
  {
    flag: 'targets',
    env: 'INODE_TARGETS',
    fallback: '',
    help: 'More targets the operator may pick: name=http://host[:port],name2=https://...',
  },
  {
    flag: 'emulator',
    env: 'INODE_EMULATOR',
    fallback: 'off',
    help: 'on: also serve the embedded emulator (a demo; INODE_EMULATOR_* configure it).',
  },
  {
    flag: 'allowed-hosts',
    env: 'INODE_ALLOWED_HOSTS',
    fallback: '',
    help: 'Host names the server answers to besides localhost and IP addresses (comma-separated; .example.org allows subdomains). Set the public name when behind a reverse proxy.',
  },
  {
    flag: 'base-path',
    env: 'INODE_BASE_PATH',
    fallback: '',
    help: 'URL path the console lives under. Fixed at build time (INODE_BASE_PATH=/tools/inode/ npm run build); if set here it must match the build.',
  },
  {
    flag: 'dist',
    env: 'INODE_DIST_DIR',
    fallback: 'dist',
    help: 'The built console (npm run build).',
  },
  {
    flag: 'upstream-timeout-ms',
    env: 'INODE_UPSTREAM_TIMEOUT_MS',
    fallback: String(DEFAULT_PROXY_TIMEOUT_MS),
    help: 'A target that sends nothing for this long gets the call answered 502.',
  },
  {
    flag: 'max-body-bytes',
    env: 'INODE_MAX_BODY_BYTES',
    fallback: String(DEFAULT_MAX_BODY_BYTES),
    help: 'Larger request bodies to /Inode.asmx are refused with 413.',
  },
  {
    flag: 'call-deadline-ms',
    env: 'INODE_CALL_DEADLINE_MS',
    fallback: String(DEFAULT_CALL_DEADLINE_MS),
    help: 'A call to /Inode.asmx (body received, wait for a connection, answer sent) must finish within this time: 408 while the body is still arriving, 502 after.',
  },
  {
    flag: 'queue-timeout-ms',
    env: 'INODE_QUEUE_TIMEOUT_MS',
    fallback: String(DEFAULT_QUEUE_TIMEOUT_MS),
    help: 'When every connection to a target is busy, a call waits this long for one, then gets 503 with Retry-After (upstream-busy).',
  },
  {
    flag: 'upstream-max-sockets',
    env: 'INODE_UPSTREAM_MAX_SOCKETS',
    fallback: String(MAX_CONNECTIONS_PER_TARGET),
    help: 'Connections to one target at most (calls in flight to it).',
  },
  {
    flag: 'request-timeout-ms',
    env: 'INODE_REQUEST_TIMEOUT_MS',
    fallback: '30000',
    help: 'A client must send its whole request (headers and body) within this time, or gets 408 and is disconnected.',
  },
  {
    flag: 'headers-timeout-ms',
    env: 'INODE_HEADERS_TIMEOUT_MS',
    fallback: '10000',
    help: 'A client must send its request headers within this time (slow-loris guard; at most the request timeout).',
  },
  {
    flag: 'max-connections',
    env: 'INODE_MAX_CONNECTIONS',
    fallback: String(DEFAULT_MAX_CONNECTIONS),
    help: 'Open client connections at most; more get 503 and are closed.',
  },
  {
    flag: 'max-connections-per-client',
    env: 'INODE_MAX_CONNECTIONS_PER_CLIENT',
    fallback: String(DEFAULT_MAX_CONNECTIONS_PER_CLIENT),
    help: 'Open connections from one client address at most (behind a reverse proxy, that proxy is one client).',
  },
  {
    flag: 'pass-credentials',
    env: 'INODE_PASS_CREDENTIALS',
    fallback: '',
    help: "Target ids (comma-separated) that receive the caller's Authorization and Cookie headers; no other target ever does.",
  },
  {
    flag: 'health-token',
    env: 'INODE_HEALTH_TOKEN',
    fallback: '',
    help: 'A secret: /readyz with "Authorization: Bearer <token>" answers per-target detail (otherwise only from this machine, not through a proxy). Prefer the variable: a flag shows in the process list.',
  },
  {
    flag: 'trust-proxy',
    env: 'INODE_TRUST_PROXY',
    fallback: 'off',
    help: 'on: believe X-Forwarded-Host and X-Forwarded-For, as a reverse proxy in front sets them (deploy/nginx/in-front.conf). Only when no client can reach this server but through that proxy.',
  },
  {
    flag: 'relay-max-sockets',
    env: 'INODE_RELAY_MAX_SOCKETS',
    fallback: String(DEFAULT_RELAY_LIMITS.maxSockets),
    help: 'Bulk relay WebSockets open at once, all clients together; one more is closed (4001) and that page sends its calls as plain requests.',
  },
  {
    flag: 'relay-max-sockets-per-client',
    env: 'INODE_RELAY_MAX_SOCKETS_PER_CLIENT',
    fallback: String(DEFAULT_RELAY_LIMITS.maxSocketsPerAddress),
    help: 'Bulk relay WebSockets from one client address (4002 beyond; behind a reverse proxy, set INODE_TRUST_PROXY or that proxy is one client).',
  },
  {
    flag: 'relay-max-answer-bytes',
    env: 'INODE_RELAY_MAX_ANSWER_BYTES',
    fallback: String(DEFAULT_RELAY_LIMITS.maxAnswerBytes),
    help: "A larger answer to a relayed call fails that call and closes the target's connection.",
  },
  {
    flag: 'relay-high-water-bytes',
    env: 'INODE_RELAY_HIGH_WATER_BYTES',
    fallback: String(DEFAULT_RELAY_LIMITS.highWaterBytes),
    help: 'Answers queued for a page that does not read beyond this: its socket is not read (no new calls) until it catches up.',
  },
  {
    flag: 'relay-idle-timeout-ms',
    env: 'INODE_RELAY_IDLE_TIMEOUT_MS',
    fallback: String(DEFAULT_RELAY_LIMITS.idleTimeoutMs),
    help: 'A relay page that answers no ping and reads nothing for this long is closed (4003).',
  },
  {
    flag: 'shutdown-timeout-ms',
    env: 'INODE_SHUTDOWN_TIMEOUT_MS',
    fallback: '10000',
    help: 'On SIGTERM/SIGINT, calls in flight get this long to finish before the process exits.',
  },
  {
    flag: 'access-log',
    env: 'INODE_ACCESS_LOG',
    fallback: 'on',
    help: 'off: no JSON access log line per request on stdout.',
  },
];

export interface ServerSettings {
  readonly host: string;
  readonly port: number;
  readonly allowedHosts: readonly string[];
  readonly basePath: string | null;
  readonly distDir: string;
  readonly upstreamTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly shutdownTimeoutMs: number;
  readonly accessLog: boolean;
  /** X-Forwarded-Host and -For are believed (INODE_TRUST_PROXY). */
  readonly trustProxy: boolean;
  readonly callDeadlineMs: number;
  readonly queueTimeoutMs: number;
  readonly upstreamMaxSockets: number;
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly maxConnections: number;
  readonly maxConnectionsPerClient: number;
  readonly passCredentialsTo: readonly string[];
  /** Empty: no token, the /readyz detail only from this machine. */
  readonly healthToken: string;
  /** The bulk relay's caps (docs/security.md, "Relay limits (WebSocket)"). */
  readonly relay: RelayLimits;
  /** The environment with the flags folded in, for the targets and the emulator's options. */
  readonly env: NodeJS.ProcessEnv;
}

/** A comma-separated list, trimmed, empties dropped. */
export function listFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function integer(env: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
    throw new Error(`${env}: "${value}" must be a whole number from ${min} to ${max}`);
  }
  return n;
}

function onOff(env: string, value: string): boolean {
  if (/^(on|1|true|yes)$/i.test(value)) return true;
  if (/^(off|0|false|no)$/i.test(value)) return false;
  throw new Error(`${env}: "${value}" must be on or off`);
}

/** The deadlines and caps (docs/security.md, "Deadlines and limits"). */
function limitSettings(read: (name: string) => string) {
  const ms = (name: string, min: number) => integer(name, read(name), min, 3_600_000);
  const requestTimeoutMs = ms('INODE_REQUEST_TIMEOUT_MS', 1);
  const headersTimeoutMs = ms('INODE_HEADERS_TIMEOUT_MS', 1);
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error(
      `INODE_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed INODE_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  const count = (name: string) => integer(name, read(name), 1, 1_000_000);
  return {
    callDeadlineMs: ms('INODE_CALL_DEADLINE_MS', 1),
    queueTimeoutMs: ms('INODE_QUEUE_TIMEOUT_MS', 0),
    upstreamMaxSockets: count('INODE_UPSTREAM_MAX_SOCKETS'),
    requestTimeoutMs,
    headersTimeoutMs,
    maxConnections: count('INODE_MAX_CONNECTIONS'),
    maxConnectionsPerClient: count('INODE_MAX_CONNECTIONS_PER_CLIENT'),
  };
}

/** The bulk relay's caps (docs/security.md, "Relay limits (WebSocket)"). */
function relaySettings(read: (name: string) => string): RelayLimits {
  const count = (name: string, max: number) => integer(name, read(name), 1, max);
  return {
    maxSockets: count('INODE_RELAY_MAX_SOCKETS', 1_000_000),
    maxSocketsPerAddress: count('INODE_RELAY_MAX_SOCKETS_PER_CLIENT', 1_000_000),
    maxAnswerBytes: count('INODE_RELAY_MAX_ANSWER_BYTES', 2 ** 31),
    highWaterBytes: count('INODE_RELAY_HIGH_WATER_BYTES', 2 ** 31),
    idleTimeoutMs: integer(
      'INODE_RELAY_IDLE_TIMEOUT_MS',
      read('INODE_RELAY_IDLE_TIMEOUT_MS'),
      100,
      3_600_000,
    ),
  };
}

export function helpText(): string {
  const rows = SETTINGS.map(
    (s) =>
      `  --${s.flag.padEnd(20)} ${s.env.padEnd(26)} ${s.help}${s.fallback ? ` (default: ${s.fallback})` : ''}`,
  );
  return [
    'Usage: npm start [-- options]   (or: node dist-server/start.js [options])',
    '',
    'Serves the built Inode Console (npm run build) and proxies /Inode.asmx to the target(s).',
    'Every option is an environment variable; a flag overrides its variable.',
    '',
    `  ${'flag'.padEnd(22)} ${'variable'.padEnd(26)} meaning`,
    ...rows,
    `  --${'help'.padEnd(20)} ${''.padEnd(26)} This text.`,
    '',
    'The embedded emulator (INODE_EMULATOR=on) also reads INODE_EMULATOR_DB, INODE_EMULATOR_NAMESPACE,',
    'INODE_EMULATOR_SEED_STUBS and the other INODE_EMULATOR_* variables of docs/emulator.md.',
    'Endpoints: GET /healthz (process up), GET /readyz (503 when the default target does not answer ?WSDL;',
    'per-target detail only from this machine or with INODE_HEALTH_TOKEN). docs/security.md: the limits.',
    'Deployment recipes: docs/deploy.md.',
  ].join('\n');
}

/**
 * Settings from command-line flags over environment variables. Throws a clear message on a bad
 * value or an unknown flag; returns 'help' for --help.
 * @example serverSettings(['--port', '0'], {}).port // 0
 */
export function serverSettings(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): ServerSettings | 'help' {
  const parsed = parseArgs({
    args: [...argv],
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(SETTINGS.map((s) => [s.flag, { type: 'string' as const }])),
    },
    strict: true,
    allowPositionals: false,
  });
  if (parsed.values.help) return 'help';
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const setting of SETTINGS) {
    const value = (parsed.values as Record<string, unknown>)[setting.flag];
    if (typeof value === 'string') merged[setting.env] = value;
  }
  const read = (name: string): string => {
    const setting = SETTINGS.find((s) => s.env === name);
    const value = merged[name]?.trim();
    return value === undefined || value === '' ? (setting?.fallback ?? '') : value;
  };
  merged.INODE_EMULATOR = onOff('INODE_EMULATOR', read('INODE_EMULATOR')) ? 'on' : 'off';
  return {
    host: read('HOST'),
    port: integer('PORT', read('PORT'), 0, 65535),
    allowedHosts: listFromEnv(read('INODE_ALLOWED_HOSTS')),
    basePath: read('INODE_BASE_PATH') || null,
    distDir: read('INODE_DIST_DIR'),
    upstreamTimeoutMs: integer(
      'INODE_UPSTREAM_TIMEOUT_MS',
      read('INODE_UPSTREAM_TIMEOUT_MS'),
      1,
      3_600_000,
    ),
    maxBodyBytes: integer('INODE_MAX_BODY_BYTES', read('INODE_MAX_BODY_BYTES'), 1, 2 ** 31),
    shutdownTimeoutMs: integer(
      'INODE_SHUTDOWN_TIMEOUT_MS',
      read('INODE_SHUTDOWN_TIMEOUT_MS'),
      0,
      600_000,
    ),
    accessLog: onOff('INODE_ACCESS_LOG', read('INODE_ACCESS_LOG')),
    trustProxy: onOff('INODE_TRUST_PROXY', read('INODE_TRUST_PROXY')),
    ...limitSettings(read),
    passCredentialsTo: listFromEnv(read('INODE_PASS_CREDENTIALS')),
    healthToken: read('INODE_HEALTH_TOKEN'),
    relay: relaySettings(read),
    env: merged,
  };
}
