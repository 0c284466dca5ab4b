/**
 * GetAssetStubs as TanStack Query state. Each submit is its own query (keyed by a submission
 * number, never by the key), so the previous result can stay on screen while the next loads.
 */
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type {
  Binding,
  FieldsBeforeDataStubs,
  GetAssetStubsParams,
  GetAssetStubsResult,
  InodeError,
} from '../../protocol/index.ts';
import { openHoldingClient, type Connection } from '../../connection/connection.ts';
import { readText, type TextOrHeld } from '../../text/held-text.ts';
import { recordedCall } from '../../history/recorded-call.ts';
import { describeStubsRecord } from '../../outcome/outcome.ts';
import { withoutSecrets } from '../../history/history-db.ts';
import { countStubs } from '../../history/stubs-count.ts';

export interface StubsRequest {
  /** Increments on every submit, so submitting the same values calls again. */
  submission: number;
  binding: Binding;
  params: GetAssetStubsParams;
}

/** What identifies a call in the cache: everything but the key. */
export interface StubsCallKey {
  submission: number;
  targetId: string | null;
  binding: Binding;
  AssetType: string;
  OtherFilterCriteria: string;
}

export const stubsKeys = {
  all: ['stubs'] as const,
  calls: () => [...stubsKeys.all, 'call'] as const,
  call: (key: StubsCallKey | null) => [...stubsKeys.calls(), key] as const,
};

export function stubsCallKey(connection: Connection, request: StubsRequest | null) {
  return stubsKeys.call(
    request && {
      submission: request.submission,
      targetId: connection.targetId,
      binding: request.binding,
      AssetType: request.params.AssetType,
      OtherFilterCriteria: request.params.OtherFilterCriteria,
    },
  );
}

export async function callGetAssetStubs(
  queryClient: QueryClient,
  connection: Connection,
  request: StubsRequest,
  signal: AbortSignal,
  onDataStubsHead?: DataStubsHeadHandler,
): Promise<GetAssetStubsResult<TextOrHeld>> {
  // The rest of a large payload goes from the thread that reads the answer straight to whoever
  // receives `parts` with the head; unused when no head comes.
  const channel =
    onDataStubsHead && typeof MessageChannel === 'function' ? new MessageChannel() : null;
  let partsGiven = false;
  const showHead =
    onDataStubsHead &&
    ((head: string, fieldsBefore: FieldsBeforeDataStubs) => {
      partsGiven = channel !== null;
      return onDataStubsHead(head, fieldsBefore, channel?.port1 ?? null);
    });
  try {
    return await recordedCall({
      operation: 'GetAssetStubs',
      binding: request.binding,
      targetId: connection.targetId,
      params: withoutSecrets('GetAssetStubs', request.params),
      secrets: [request.params.OpenIDKey],
      signal,
      describe: (result) => describeStubsRecord(result.record),
      // The decoder counted the records as the answer arrived, unless DataStubs came as text.
      answer: async ({ record, dataStubsRecordCount }) => ({
        userId: record.UserID,
        stubsCount:
          record.DataStubs === null
            ? null
            : dataStubsRecordCount !== undefined
              ? dataStubsRecordCount
              : await countStubs(await readText(record.DataStubs)),
      }),
      run: async () =>
        (await openHoldingClient(queryClient, connection, request.binding)).getAssetStubs(
          request.params,
          {
            signal,
            ...(showHead && { onDataStubsHead: showHead }),
            ...(channel && { payloadPort: channel.port2 }),
          },
        ),
    });
  } finally {
    if (!partsGiven) channel?.port1.close();
  }
}

/**
 * Told the first lines of a large payload while the answer still arrives
 * (CallOptions.onDataStubsHead), and the port on which the rest of it arrives
 * (payload-parts-port.ts; null where there are no MessageChannels), which it then owns. The
 * promise it may return settles once they are on screen: the rest is read from then on.
 */
export type DataStubsHeadHandler = (
  head: string,
  fieldsBefore: FieldsBeforeDataStubs,
  parts: MessagePort | null,
) => void | Promise<void>;

/**
 * `onDataStubsHead` receives the first lines of a large payload while the answer still arrives
 * (CallOptions.onDataStubsHead), with the submission they belong to.
 *
 * @example useQuery(stubsCallOptions(connection, submitted, showHead))
 */
export function stubsCallOptions(
  connection: Connection,
  request: StubsRequest | null,
  onDataStubsHead?: (
    submission: number,
    ...head: Parameters<DataStubsHeadHandler>
  ) => ReturnType<DataStubsHeadHandler>,
) {
  // onDataStubsHead is where the answer's first lines are shown, not what is fetched: it is not
  // part of the key.
  const queryFn = request
    ? ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
        callGetAssetStubs(
          client,
          connection,
          request,
          signal,
          onDataStubsHead &&
            ((head, fieldsBefore, parts) =>
              onDataStubsHead(request.submission, head, fieldsBefore, parts)),
        )
    : skipToken;
  return queryOptions<
    GetAssetStubsResult<TextOrHeld>,
    InodeError,
    GetAssetStubsResult<TextOrHeld>,
    ReturnType<typeof stubsCallKey>
  >({
    queryKey: stubsCallKey(connection, request),
    queryFn,
    // A call is an event, not a cache of server state: never refetch it behind the user's back.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
