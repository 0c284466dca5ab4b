/**
 * Where the OpenIDKey lives: in memory for this page, shared by both forms. It reaches
 * sessionStorage only when the user opts in ("remember for this tab"); never localStorage,
 * IndexedDB, cookies or URLs.
 */
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

const SESSION_KEY = 'inode-console.openid-key';

export interface KeyMemory {
  key: string;
  setKey(key: string): void;
  rememberInTab: boolean;
  setRememberInTab(remember: boolean): void;
}

const KeyContext = createContext<KeyMemory | null>(null);

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function readRemembered(): string | null {
  try {
    return sessionStore()?.getItem(SESSION_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeRemembered(key: string | null): void {
  try {
    if (key === null) sessionStore()?.removeItem(SESSION_KEY);
    else sessionStore()?.setItem(SESSION_KEY, key);
  } catch {
    // Storage refused: the key then stays in memory only, which is the safe side.
  }
}

/** @example <KeyMemoryProvider><App /></KeyMemoryProvider> */
export function KeyMemoryProvider({ children }: { children: ReactNode }) {
  const [rememberInTab, setRemember] = useState(() => readRemembered() !== null);
  const [key, setKeyState] = useState(() => readRemembered() ?? '');

  const setKey = useCallback(
    (next: string) => {
      setKeyState(next);
      if (rememberInTab) writeRemembered(next);
    },
    [rememberInTab],
  );

  const setRememberInTab = useCallback(
    (remember: boolean) => {
      setRemember(remember);
      writeRemembered(remember ? key : null);
    },
    [key],
  );

  const value = useMemo(
    () => ({ key, setKey, rememberInTab, setRememberInTab }),
    [key, setKey, rememberInTab, setRememberInTab],
  );
  return <KeyContext value={value}>{children}</KeyContext>;
}

/** @example const { key, setKey } = useKeyMemory(); */
export function useKeyMemory(): KeyMemory {
  const value = use(KeyContext);
  if (!value) throw new Error('useKeyMemory needs a <KeyMemoryProvider> above it');
  return value;
}
