import './parity.css';
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BINDING_NAMES, type Binding } from '../../protocol/operations.ts';
import type { Connection } from '../../connection/connection.ts';
import { runParity, type ParityParams, type ParityRun } from '../../parity/index.ts';
import type { HarSourceCall } from '../../har/build-har.ts';
import { isInodeError } from '../../outcome/error-kinds.ts';
import { HarExport } from '../har-export/har-export.tsx';
import { ParityTable } from './parity-table.tsx';
import { historyKeys } from '../../history/history-keys.ts';

const WITHOUT_GET: Binding[] = ['soap11', 'soap12', 'http-post'];

function harCalls(run: ParityRun, connection: Connection, key: string): HarSourceCall[] {
  return run.calls.flatMap((call) => {
    const exchange =
      call.value?.exchange ?? (isInodeError(call.error) ? call.error.exchange : undefined);
    const request =
      exchange?.request ?? (isInodeError(call.error) ? call.error.request : undefined);
    if (!request) return [];
    return [
      {
        operation: run.operation,
        binding: call.binding,
        targetId: connection.targetId,
        namespace: null,
        request,
        response: exchange?.response ?? null,
        timings: exchange?.timings ?? null,
        at: exchange?.timings.startedAt ?? run.at,
        comment: call.result.note,
        secrets: [key],
      },
    ];
  });
}

export interface ParityPanelProps {
  request: ParityParams;
  connection: Connection;
  onClose(): void;
}

/**
 * "Call on all bindings": asks first (HTTP GET puts the key in a URL; AddUserAssetIndex writes
 * once per binding), then runs the call over each binding and shows them side by side.
 */
export function ParityPanel({ request, connection, onClose }: ParityPanelProps) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  // Made per run, not per mount: StrictMode's rehearsal unmount must not abort a real run.
  const controller = useRef<AbortController | null>(null);
  const parity = useMutation({
    mutationFn: (bindings: Binding[]) => {
      controller.current = new AbortController();
      return runParity(queryClient, connection, request, bindings, controller.current.signal);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => () => controller.current?.abort(), []);
  const writes = request.operation === 'AddUserAssetIndex';
  const run = parity.data;

  return (
    <section className="parity" aria-labelledby="parity-heading">
      <h2 id="parity-heading" tabIndex={-1} ref={heading}>
        {request.operation} on all bindings
      </h2>
      {parity.isIdle && (
        <div className="parity-confirm">
          <p>
            The same values are sent over SOAP 1.1, SOAP 1.2, HTTP POST and HTTP GET, one after
            another, and the answers compared field by field.
          </p>
          {writes && (
            <p className="warning" role="note">
              AddUserAssetIndex writes: this registers the asset four times, once per binding (three
              times without HTTP GET), and each registration stays on the service.
            </p>
          )}
          <p className="warning" role="note">
            HTTP GET puts the OpenIDKey in the request URL, where server logs, proxies and browser
            history may keep it.
          </p>
          <div className="actions">
            <button type="button" onClick={() => parity.mutate([...BINDING_NAMES])}>
              Call all four, key in the HTTP GET URL
            </button>
            <button type="button" className="secondary" onClick={() => parity.mutate(WITHOUT_GET)}>
              Call the three without HTTP GET
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {parity.isPending && (
        <p role="status" className="loading">
          Calling each binding in turn…
        </p>
      )}
      {parity.isError && (
        <p role="alert" className="error">
          The parity run failed: {parity.error.message}
        </p>
      )}
      {run && (
        <>
          <p
            role="status"
            className={run.verdict.agree ? 'parity-verdict agree' : 'parity-verdict differ'}
            data-testid="parity-verdict"
          >
            {run.verdict.headline}
          </p>
          <ParityTable results={run.calls.map((c) => c.result)} verdict={run.verdict} />
          <div className="actions">
            <HarExport
              fileName={`parity-${request.operation.toLowerCase()}`}
              canRevealKey
              calls={() => harCalls(run, connection, request.params.OpenIDKey)}
              label="Export parity run as HAR"
            />
            <button type="button" className="secondary" onClick={onClose}>
              Close parity
            </button>
          </div>
        </>
      )}
    </section>
  );
}
