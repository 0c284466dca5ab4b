/**
 * Asks the service, once the form's values settle, whether its stubs for this key already list
 * the ServiceURI + MediaType: one read-only GetAssetStubs (AssetType = the MediaType) on the
 * current target and binding, and again after each registration of the pair from this console
 * (an answer from before it, or from while it ran, no longer holds). The key stays in this hook's
 * closure, never in a cache key.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Binding } from '../../protocol/operations.ts';
import { isAbsoluteUri } from '../../text/absolute-uri.ts';
import type { Connection } from '../../connection/connection.ts';
import { stubsOnTarget } from '../../connection/stubs-on-target.ts';
import { targetsQueryOptions } from '../../connection/targets.ts';
import { stubsList } from './already-registered.ts';
import { errorMessage } from '../../text/error-message.ts';

/** How long the values must stay unchanged before the service is asked. */
export const SETTLE_MS = 700;

export type ListedOnService =
  | { state: 'idle' }
  | { state: 'listed' | 'not-listed'; serviceUri: string; mediaType: string }
  | { state: 'failed'; message: string };

export interface ListingQuestion {
  key: string;
  serviceUri: string;
  mediaType: string;
  binding: Binding;
  /** How many registrations of the pair this console made: one more asks the service again. */
  registrations: number;
}

/** @example const listed = useListedOnService({ key, serviceUri, mediaType, binding, registrations: 0 }, connection); */
export function useListedOnService(
  { key, serviceUri, mediaType, binding, registrations }: ListingQuestion,
  connection: Connection,
): ListedOnService {
  const queryClient = useQueryClient();
  const targets = useQuery(targetsQueryOptions());
  const target = targets.data?.targets.find((t) => t.id === connection.targetId);
  const [answer, setAnswer] = useState<{ about: string; result: ListedOnService } | null>(null);
  const uri = serviceUri.trim();
  const media = mediaType.trim();
  const askable = key !== '' && media !== '' && isAbsoluteUri(uri) && target !== undefined;
  const { targetId, timeoutMs, namespaceOverride, maxAnswerBytes } = connection;
  // What an answer is about: one for other values, binding or target, or from before the last
  // registration, is no answer yet.
  const about = JSON.stringify([uri, media, binding, targetId, registrations]);

  useEffect(() => {
    if (!askable || !target) return;
    let current = true;
    const timer = setTimeout(() => {
      const call = {
        binding,
        targetId,
        params: { AssetType: media, OtherFilterCriteria: '' },
      };
      stubsOnTarget(
        queryClient,
        { targetId, timeoutMs, namespaceOverride, maxAnswerBytes },
        target,
        call,
        key,
      ).then(
        (dataStubs) => {
          if (!current) return;
          const listed = stubsList(dataStubs, uri, media);
          setAnswer({
            about,
            result: { state: listed ? 'listed' : 'not-listed', serviceUri: uri, mediaType: media },
          });
        },
        (error: unknown) => {
          if (current)
            setAnswer({
              about,
              result: {
                state: 'failed',
                message: errorMessage(error),
              },
            });
        },
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [
    askable,
    target,
    binding,
    targetId,
    timeoutMs,
    namespaceOverride,
    maxAnswerBytes,
    queryClient,
    key,
    uri,
    media,
    about,
  ]);

  return askable && answer?.about === about ? answer.result : { state: 'idle' };
}
