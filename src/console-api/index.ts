/**
 * The contract between the console server (`server/`) and the page (`src/`): the console's own
 * routes, the header that picks a target, the header that marks the server's own answers, and
 * the JSON the target list and health routes send. Both sides import these names from here, so
 * neither can drift. Types and constants only: no code runs here (Node, browsers and workers).
 *
 * The relay's WebSocket messages are this contract too; their format lives with their codec in
 * `src/relay/relay-frame.ts` (imported by `server/relay.ts`), which sits on a higher floor than
 * this module and so is not re-exported here.
 */

/** The route that lists the targets (below the console's base path): answers TargetsPayload. */
export const TARGETS_PATH = '/__console/targets';

/** The route that reports each target's readiness (below the base path): answers HealthPayload. */
export const TARGET_HEALTH_PATH = '/__console/health';

/** The request header that names the target of a call; absent, the server's default answers. */
export const TARGET_HEADER = 'X-Inode-Target';

/**
 * The answer header that marks an answer as the console server's own (a refusal, an unreachable
 * target), with a code such as `target-unreachable`; never passed through from a target.
 */
export const CONSOLE_ERROR_HEADER = 'X-Inode-Console-Error';

/** The service the console server runs itself (unless INODE_EMULATOR=off). */
export interface EmulatorTarget {
  readonly id: 'emulator';
  readonly label: string;
  readonly kind: 'emulator';
}

/** A remote Inode.asmx the server proxies to (INODE_TARGET, INODE_TARGETS). */
export interface RemoteTarget {
  readonly id: string;
  readonly label: string;
  readonly kind: 'remote';
  readonly url: string;
}

export type Target = EmulatorTarget | RemoteTarget;

/** GET /__console/targets: every target the page may pick, and the one used when it names none. */
export interface TargetsPayload {
  readonly targets: readonly Target[];
  readonly defaultId: string;
  /**
   * True where this server hosts the bulk job's WebSocket relay (below the base path, at the
   * relay's path). A list without it (a static file, as nginx alone serves) offers none, and
   * the page does not try one.
   */
  readonly relay?: boolean;
}

/** Why a target is not ready. */
export type TargetProblem = 'no-answer' | 'timeout' | 'http-status';

export const TARGET_PROBLEMS: readonly TargetProblem[] = ['no-answer', 'timeout', 'http-status'];

/** One target's readiness as the page may know it: no address, URL or error text. */
export interface TargetHealthEntry {
  readonly id: string;
  readonly ready: boolean;
  /** The HTTP status of the target's ?WSDL, or null when it did not answer. */
  readonly status: number | null;
  readonly problem: TargetProblem | null;
  /** When the probe ran (ISO 8601). */
  readonly checkedAt: string;
}

/** GET /__console/health. */
export interface HealthPayload {
  readonly targets: readonly TargetHealthEntry[];
}
