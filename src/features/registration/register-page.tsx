import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { OPERATIONS, type AddUserAssetIndexParams } from '../../protocol/operations.ts';
import { usePreparedCalls, useConnection, type Connection } from '../../connection/connection.ts';
import type { RegistrationRecord } from '../../history/history-db.ts';
import { useKeyMemory } from '../../session/key-memory.tsx';
import { useSettings } from '../../settings/settings-context.tsx';
import { isBinding } from '../../settings/settings-store.ts';
import { loadMediaTypes } from '../../settings/media-type-memory.ts';
import {
  describeError,
  describeRegistrationValue,
  exchangeOf,
  redactOutcome,
} from '../../outcome/outcome.ts';
import { OutcomeBanner } from '../../components/outcome-banner/outcome-banner.tsx';
import { AnswerDownload } from '../../components/outcome-banner/answer-download.tsx';
import { RawExchangePanel } from '../../components/raw-exchange/raw-exchange-panel.tsx';
import { CopyButton } from '../../components/copy-button/copy-button.tsx';
import { ParityPanel } from '../../components/parity/parity-panel.tsx';
import type { ParityParams } from '../../parity/run-parity.ts';
import { RegisterForm } from './register-form.tsx';
import { RegistrationsList } from './registrations-list.tsx';
import { registeredBefore } from './already-registered.ts';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { useListedOnService } from './use-listed-on-service.ts';
import { addUserAssetIndexMutation, registrationsQueryOptions } from './registration-queries.ts';

/** What History's "Re-run" passes in router state (never the key). */
function rerunValues(state: unknown): Partial<AddUserAssetIndexParams> & { binding?: string } {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const pick = (k: string) => (typeof s[k] === 'string' ? { [k]: s[k] } : {});
  return { ...pick('ServiceURI'), ...pick('MediaType'), ...pick('binding') };
}

/** The duplicate notice for the form's values: History's registrations and the service's stubs. */
function AlreadyRegistered({
  values,
  registrations,
  connection,
}: {
  values: AddUserAssetIndexParams;
  registrations: RegistrationRecord[];
  connection: Connection;
}) {
  const { binding } = useSettings();
  const before = registeredBefore(registrations, values.ServiceURI, values.MediaType);
  const onService = useListedOnService(
    {
      key: values.OpenIDKey,
      serviceUri: values.ServiceURI,
      mediaType: values.MediaType,
      binding,
      registrations: before.length,
    },
    connection,
  );
  return <DuplicateNotice before={before} onService={onService} targetId={connection.targetId} />;
}

/** The Register page: AddUserAssetIndex by form, its answer, and this browser's registrations. */
export function RegisterPage() {
  const queryClient = useQueryClient();
  const connection = useConnection();
  const { key, setKey } = useKeyMemory();
  const { binding, setBinding } = useSettings();
  const location = useLocation();
  const [rerun] = useState(() => rerunValues(location.state));
  useEffect(() => {
    if (isBinding(rerun.binding)) setBinding(rerun.binding);
  }, [rerun.binding, setBinding]);
  const [suggestions, setSuggestions] = useState(loadMediaTypes);
  const [parity, setParity] = useState<{ run: number; request: ParityParams } | null>(null);
  usePreparedCalls(connection);
  const mutation = useMutation(addUserAssetIndexMutation(queryClient, connection));
  const registrations = useQuery(registrationsQueryOptions());

  const submit = (params: AddUserAssetIndexParams) => {
    setKey(params.OpenIDKey);
    setParity(null);
    mutation.mutate({ binding, params }, { onSettled: () => setSuggestions(loadMediaTypes()) });
  };

  const value = mutation.data?.value;
  const secret = mutation.variables?.params.OpenIDKey ?? '';
  const described = mutation.data
    ? describeRegistrationValue(mutation.data.value)
    : mutation.error
      ? describeError(mutation.error)
      : null;
  const outcome = described && redactOutcome(described, [secret]);
  const raw = mutation.data
    ? { exchange: mutation.data.exchange, request: mutation.data.exchange.request }
    : exchangeOf(mutation.error);

  return (
    <>
      <h1>Register</h1>
      <p className="lead">{OPERATIONS.AddUserAssetIndex.summary}</p>
      <div className="page-grid">
        <RegisterForm
          defaultValues={{
            OpenIDKey: key,
            ServiceURI: rerun.ServiceURI ?? '',
            MediaType: rerun.MediaType ?? '',
          }}
          binding={binding}
          onBindingChange={setBinding}
          onSubmit={submit}
          busy={mutation.isPending}
          mediaTypeSuggestions={suggestions}
          renderNotice={(values) => (
            <AlreadyRegistered
              values={values}
              registrations={registrations.data ?? []}
              connection={connection}
            />
          )}
          onCallAllBindings={(params) => {
            setKey(params.OpenIDKey);
            setParity((last) => ({
              run: (last?.run ?? 0) + 1,
              request: { operation: 'AddUserAssetIndex', params },
            }));
          }}
          serverError={
            outcome && outcome.kind !== 'success'
              ? `${outcome.title}. Your values are kept: correct them and register again.`
              : undefined
          }
        />
        <div className="result-area" aria-live="polite">
          {parity && (
            <ParityPanel
              key={parity.run}
              request={parity.request}
              connection={connection}
              onClose={() => setParity(null)}
            />
          )}
          {!parity && mutation.isPending && (
            <p role="status" className="loading">
              Registering…
            </p>
          )}
          {!parity && outcome && (
            <div className={mutation.isPending ? 'result stale' : 'result'}>
              <OutcomeBanner
                // On success the value is shown large just below; no need to repeat it.
                outcome={outcome.kind === 'success' ? { ...outcome, facts: [] } : outcome}
                stale={mutation.isPending}
              >
                {!mutation.data && <AnswerDownload error={mutation.error} />}
              </OutcomeBanner>
              {value !== undefined && outcome.kind === 'success' && (
                <div className="returned-value">
                  <p>
                    Returned value:{' '}
                    <output className="mono big" aria-label="Returned value">
                      {value === '' ? '(empty)' : value}
                    </output>
                  </p>
                  <CopyButton text={value} label="Copy value" />
                </div>
              )}
              <RawExchangePanel
                exchange={raw.exchange}
                request={raw.request}
                secrets={[secret]}
                targetId={connection.targetId}
              />
            </div>
          )}
        </div>
      </div>
      <RegistrationsList
        registrations={registrations.data ?? []}
        loading={registrations.isPending}
      />
    </>
  );
}
