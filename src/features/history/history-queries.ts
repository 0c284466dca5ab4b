/** History (IndexedDB via src/history/history-db.ts) as TanStack Query state. */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { clearCalls, deleteCall, listCalls } from '../../history/history-db.ts';
import { historyKeys } from '../../history/history-keys.ts';

export function historyQueryOptions() {
  return queryOptions({
    queryKey: historyKeys.list(),
    queryFn: listCalls,
    // Calls are written from other pages; show the latest whenever History opens.
    staleTime: 0,
  });
}

export function deleteCallMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (id: number) => deleteCall(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

export function clearHistoryMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: () => clearCalls(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
