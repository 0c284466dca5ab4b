/**
 * Providers for component tests: a fresh QueryClient per test, settings that do not touch
 * localStorage, the key memory, and a MemoryRouter.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SettingsProvider } from '../settings/settings-context.tsx';
import { KeyMemoryProvider } from '../session/key-memory.tsx';
import { DEFAULT_SETTINGS, type ConsoleSettings } from '../settings/settings-store.ts';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({
  children,
  settings = DEFAULT_SETTINGS,
  path = '/',
  queryClient = createTestQueryClient(),
}: {
  children: ReactNode;
  settings?: ConsoleSettings;
  path?: string;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider initial={settings}>
        <KeyMemoryProvider>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </KeyMemoryProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
