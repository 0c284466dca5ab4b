// The console server's targets: the embedded emulator and any remote Inode.asmx named by
// INODE_TARGET / INODE_TARGETS. The browser picks only among these ids; GET /__console/targets
// lists them as they are here (the types are the contract's, src/console-api).
import type { Target, TargetsPayload } from '../src/console-api/index.ts';

export type { EmulatorTarget, RemoteTarget, Target } from '../src/console-api/index.ts';

/** The targets and the default one: what GET /__console/targets sends, besides `relay`. */
export type TargetConfig = Pick<TargetsPayload, 'targets' | 'defaultId'>;

/**
 * The path a remote target's URL puts before /Inode.asmx, without a trailing slash.
 * @example targetPathPrefix('http://10.0.0.5:8080/legacy/') // '/legacy'
 */
export function targetPathPrefix(url: string): string {
  return new URL(url).pathname.replace(/\/$/, '');
}

/** The id INODE_TARGET gets. */
export const PRIMARY_REMOTE_ID = 'remote';

/** INODE_EMULATOR: on / off, or unset for the server's default (dev: on, production: off). */
function emulatorSwitch(value: string | undefined, byDefault: boolean): boolean {
  const normalized = (value ?? '').trim().toLowerCase();
  if (normalized === '') return byDefault;
  if (['on', '1', 'true', 'yes'].includes(normalized)) return true;
  if (['off', '0', 'false', 'no'].includes(normalized)) return false;
  throw new Error(`INODE_EMULATOR: "${value}" must be on or off`);
}

function remoteUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}: "${value}" is not an absolute URL (expected http://host[:port])`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name}: "${value}" must use http or https`);
  }
  if (url.search || url.hash)
    throw new Error(`${name}: "${value}" must not have a query or fragment`);
  // Target URLs are printed at start, listed to the browser and named in 502 answers.
  if (url.username || url.password)
    throw new Error(`${name}: must not carry credentials (user:password@); they would be shown`);
  return url.href.replace(/\/$/, '');
}

/**
 * Reads the targets from the environment. Throws with a clear message on a bad value.
 * @example targetsFromEnv({ INODE_TARGETS: 'staging=http://10.0.0.5:8080' }).defaultId // 'emulator'
 */
export function targetsFromEnv(
  env: NodeJS.ProcessEnv,
  { emulatorByDefault = true }: { emulatorByDefault?: boolean } = {},
): TargetConfig {
  const targets: Target[] = [];
  const emulatorEnabled = emulatorSwitch(env.INODE_EMULATOR, emulatorByDefault);
  if (emulatorEnabled)
    targets.push({ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' });
  const primary = env.INODE_TARGET?.trim();
  if (primary) {
    targets.push({
      id: PRIMARY_REMOTE_ID,
      label: 'INODE_TARGET',
      kind: 'remote',
      url: remoteUrl('INODE_TARGET', primary),
    });
  }
  for (const entry of (env.INODE_TARGETS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const equals = entry.indexOf('=');
    const id = equals < 0 ? '' : entry.slice(0, equals).trim();
    if (!/^[A-Za-z0-9][\w.-]*$/.test(id)) {
      throw new Error(
        `INODE_TARGETS: "${entry}" must be name=http://host[:port] (name: letters, digits, . _ -)`,
      );
    }
    if (targets.some((t) => t.id === id))
      throw new Error(`INODE_TARGETS: target id "${id}" is used twice`);
    targets.push({
      id,
      label: id,
      kind: 'remote',
      url: remoteUrl(`INODE_TARGETS ${id}`, entry.slice(equals + 1).trim()),
    });
  }
  const first = targets[0];
  if (!first)
    throw new Error(
      emulatorByDefault
        ? 'No Inode target: set INODE_TARGET or INODE_TARGETS, or do not set INODE_EMULATOR=off'
        : 'No Inode target: set INODE_TARGET=http://host[:port] (the real Inode.asmx) or INODE_TARGETS, or INODE_EMULATOR=on for a demo with the embedded emulator',
    );
  const defaultId = primary ? PRIMARY_REMOTE_ID : emulatorEnabled ? 'emulator' : first.id;
  return { targets, defaultId };
}
