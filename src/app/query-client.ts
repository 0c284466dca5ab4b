import { QueryClient } from '@tanstack/react-query';

/**
 * The console's QueryClient. Calls to the service are explicit user actions, so nothing is
 * retried or refetched on focus behind the user's back. Tests make a fresh one per test.
 * @example const queryClient = createQueryClient();
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
