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
}

export const DEFAULT_SETTINGS: ConsoleSettings = {
  targetId: null,
  defaultBinding: 'soap11',
  timeoutMs: 30_000,
  namespaceOverrides: {},
};

export const SETTINGS_STORAGE_KEY = 'inode-console.settings';
export const MIN_TIMEOUT_MS = 100;
export const MAX_TIMEOUT_MS = 600_000;

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
    timeoutMs:
      typeof timeout === 'number' &&
      Number.isFinite(timeout) &&
      timeout >= MIN_TIMEOUT_MS &&
      timeout <= MAX_TIMEOUT_MS
        ? timeout
        : DEFAULT_SETTINGS.timeoutMs,
    namespaceOverrides: overrides,
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
