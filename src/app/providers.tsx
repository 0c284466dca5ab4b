import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SettingsProvider } from '../settings/settings-context.tsx';
import { KeyMemoryProvider } from '../session/key-memory.tsx';
import type { ConsoleSettings } from '../settings/settings-store.ts';
import { createQueryClient } from './query-client.ts';

/**
 * Everything a page needs above it: query cache, settings, key memory.
 * @example <AppProviders><Layout /></AppProviders>
 */
export function AppProviders({
  children,
  queryClient,
  settings,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  settings?: ConsoleSettings;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SettingsProvider {...(settings ? { initial: settings } : {})}>
        <KeyMemoryProvider>{children}</KeyMemoryProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
