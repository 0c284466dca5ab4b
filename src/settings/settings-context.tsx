/**
 * The console's settings and the binding currently chosen, shared by every page and the shell.
 * Settings persist in localStorage (non-secret only); the current binding starts at the default.
 */
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Binding } from '../protocol/operations.ts';
import { loadSettings, saveSettings, type ConsoleSettings } from './settings-store.ts';

export interface SettingsContextValue {
  settings: ConsoleSettings;
  updateSettings(patch: Partial<ConsoleSettings>): void;
  /** The binding the forms use now; shown in the shell. */
  binding: Binding;
  setBinding(binding: Binding): void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/**
 * @example <SettingsProvider><App /></SettingsProvider>
 */
export function SettingsProvider({
  children,
  initial,
}: {
  children: ReactNode;
  /** For tests: start from these settings instead of localStorage, and do not persist. */
  initial?: ConsoleSettings;
}) {
  const [settings, setSettings] = useState<ConsoleSettings>(() => initial ?? loadSettings());
  const [binding, setBinding] = useState<Binding>(settings.defaultBinding);
  const persist = initial === undefined;

  const updateSettings = useCallback(
    (patch: Partial<ConsoleSettings>) => {
      setSettings((previous) => {
        const next = { ...previous, ...patch };
        if (persist) saveSettings(next);
        return next;
      });
      if (patch.defaultBinding) setBinding(patch.defaultBinding);
    },
    [persist],
  );

  const value = useMemo(
    () => ({ settings, updateSettings, binding, setBinding }),
    [settings, updateSettings, binding],
  );
  return <SettingsContext value={value}>{children}</SettingsContext>;
}

/** @example const { settings, binding } = useSettings(); */
export function useSettings(): SettingsContextValue {
  const value = use(SettingsContext);
  if (!value) throw new Error('useSettings needs a <SettingsProvider> above it');
  return value;
}
