/**
 * AddUserAssetIndex as a TanStack mutation, and the list of registrations made in this browser.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AddUserAssetIndexParams,
  AddUserAssetIndexResult,
  Binding,
  InodeError,
} from '../../protocol/index.ts';
import { openClient, type Connection } from '../../connection/connection.ts';
import { recordedCall } from '../../history/recorded-call.ts';
import { describeRegistrationValue, isErrorString } from '../../outcome/outcome.ts';
import { addRegistration, listRegistrations, withoutSecrets } from '../../history/history-db.ts';
import { rememberMediaType } from '../../settings/media-type-memory.ts';

export const registrationKeys = {
  all: ['registration'] as const,
  list: () => [...registrationKeys.all, 'list'] as const,
  add: () => [...registrationKeys.all, 'add'] as const,
};

export interface RegistrationVariables {
  binding: Binding;
  params: AddUserAssetIndexParams;
}

export function registrationsQueryOptions() {
  return queryOptions({
    queryKey: registrationKeys.list(),
    queryFn: listRegistrations,
  });
}

/**
 * @example useMutation(addUserAssetIndexMutation(queryClient, connection))
 */
export function addUserAssetIndexMutation(queryClient: QueryClient, connection: Connection) {
  return mutationOptions<AddUserAssetIndexResult, InodeError, RegistrationVariables>({
    mutationKey: registrationKeys.add(),
    mutationFn: ({ binding, params }) =>
      recordedCall({
        operation: 'AddUserAssetIndex',
        binding,
        targetId: connection.targetId,
        params: withoutSecrets('AddUserAssetIndex', params),
        secrets: [params.OpenIDKey],
        describe: (result) => describeRegistrationValue(result.value),
        answer: (result) => ({ result: result.value }),
        run: async () =>
          (await openClient(queryClient, connection, binding)).addUserAssetIndex(params),
      }),
    onSuccess: async (result, { binding, params }) => {
      rememberMediaType(params.MediaType);
      if (isErrorString(result.value)) return;
      await addRegistration({
        binding,
        targetId: connection.targetId,
        ServiceURI: params.ServiceURI,
        MediaType: params.MediaType,
        result: result.value,
        at: Date.now(),
      });
      await queryClient.invalidateQueries({ queryKey: registrationKeys.list() });
    },
  });
}
