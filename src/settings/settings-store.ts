/**
 * Non-secret console settings, kept in localStorage so they survive reloads. The OpenIDKey is
 * never part of this: see key-memory.tsx.
 */
import { BINDING_NAMES, type Binding } from '../protocol/operations.ts';

export interface ConsoleSettings {
  /** Id of the dev-server target to call (sent as X-Inode-Target); null means the server default. */
  targetId: string | null;
  defaultBinding: Binding;
  timeoutMs: number;
  /** Manual namespace per target id; absent means "discover from ?WSDL". */
  namespaceOverrides: Record<string, string>;
  /** The largest answer a call takes as text (and the viewer opens); a larger one is offered as a download. */
  maxAnswerBytes: number;
  /** The largest payload whose tree index and table the viewer builds at once (Tree, Table, XPath). */
  maxIndexBytes: number;
}

const MB = 1024 * 1024;

/**
 * The answer-size ceiling: a 250 MB GetAssetStubs answer must open in the viewer (issue 24), and
 * that is the figure measured in docs/performance.md ("The answer-size ceiling"). Above it the
 * call stops before the body becomes a string, which is what would crash the tab.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 250 * MB;
/** Settings accepts 1 KB (to try the download path on a small answer) up to 500 MB. */
export const MIN_MAX_ANSWER_BYTES = 1024;
export const MAX_MAX_ANSWER_BYTES = 500 * MB;

/**
 * The viewer builds the tree index and table of a larger payload only when asked: they take a
 * few times the payload's memory (docs/performance.md, "The index of a payload over the limit").
 */
export const DEFAULT_MAX_INDEX_BYTES = 50 * MB;
/** Settings accepts 1 KB up to the largest answer it can open. */
export const MIN_MAX_INDEX_BYTES = 1024;
export const MAX_MAX_INDEX_BYTES = MAX_MAX_ANSWER_BYTES;

export const DEFAULT_SETTINGS: ConsoleSettings = {
  targetId: null,
  defaultBinding: 'soap11',
  timeoutMs: 30_000,
  namespaceOverrides: {},
  maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
  maxIndexBytes: DEFAULT_MAX_INDEX_BYTES,
};

export const SETTINGS_STORAGE_KEY = 'inode-console.settings';
export const MIN_TIMEOUT_MS = 100;
export const MAX_TIMEOUT_MS = 600_000;

/** A finite number in [min, max]: how every numeric setting is checked, stored or typed. */
export function isNumberWithin(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/** `value` when it is a whole number in [min, max] (a byte count), else `fallback`. */
function wholeWithin(value: unknown, min: number, max: number, fallback: number): number {
  return isNumberWithin(value, min, max) && Number.isInteger(value) ? value : fallback;
}

export function isBinding(value: unknown): value is Binding {
  return typeof value === 'string' && (BINDING_NAMES as string[]).includes(value);
}

/**
 * Reads settings from untrusted JSON, keeping each valid field and defaulting the rest.
 * @example parseSettings('{"defaultBinding":"http-get"}').defaultBinding // 'http-get'
 */
export function parseSettings(json: string | null): ConsoleSettings {
  if (!json) return DEFAULT_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SETTINGS;
  const r = raw as Record<string, unknown>;
  const overrides: Record<string, string> = {};
  if (typeof r.namespaceOverrides === 'object' && r.namespaceOverrides !== null) {
    for (const [id, ns] of Object.entries(r.namespaceOverrides)) {
      if (typeof ns === 'string' && ns.trim() !== '') overrides[id] = ns;
    }
  }
  const timeout = r.timeoutMs;
  return {
    targetId: typeof r.targetId === 'string' && r.targetId !== '' ? r.targetId : null,
    defaultBinding: isBinding(r.defaultBinding)
      ? r.defaultBinding
      : DEFAULT_SETTINGS.defaultBinding,
    timeoutMs: isNumberWithin(timeout, MIN_TIMEOUT_MS, MAX_TIMEOUT_MS)
      ? timeout
      : DEFAULT_SETTINGS.timeoutMs,
    namespaceOverrides: overrides,
    maxAnswerBytes: wholeWithin(
      r.maxAnswerBytes,
      MIN_MAX_ANSWER_BYTES,
      MAX_MAX_ANSWER_BYTES,
      DEFAULT_SETTINGS.maxAnswerBytes,
    ),
    maxIndexBytes: wholeWithin(
      r.maxIndexBytes,
      MIN_MAX_INDEX_BYTES,
      MAX_MAX_INDEX_BYTES,
      DEFAULT_SETTINGS.maxIndexBytes,
    ),
  };
}

export function loadSettings(storage: Storage | undefined = safeLocalStorage()): ConsoleSettings {
  try {
    return parseSettings(storage?.getItem(SETTINGS_STORAGE_KEY) ?? null);
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(
  settings: ConsoleSettings,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: settings then last for this page only, which is acceptable.
  }
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
