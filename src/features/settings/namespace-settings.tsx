import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { namespaceQueryOptions } from '../../connection/targets.ts';
import { describeNamespaceFailure } from './namespace-failure.ts';

export interface NamespaceSettingsProps {
  targetId: string | null;
  /** How the target is named to the user, in a sentence about why discovery failed. */
  targetName: string;
  override: string | null;
  discovery: ReturnType<typeof namespaceQueryOptions>;
  onOverride(namespace: string | null): void;
}

/** The namespace read from the target's ?WSDL, and a manual override for when that fails. */
export function NamespaceSettings({
  targetName,
  override,
  discovery,
  onOverride,
}: NamespaceSettingsProps) {
  const discovered = useQuery(discovery);
  const failure = discovered.isError
    ? describeNamespaceFailure(discovered.error, targetName)
    : null;
  const [draft, setDraft] = useState(override ?? '');
  const trimmed = draft.trim();

  return (
    <section aria-labelledby="ns-heading" className="settings-section">
      <h2 id="ns-heading">Namespace</h2>
      <div role="status" aria-live="polite">
        {discovered.isPending && <p>Reading the namespace from the service's ?WSDL…</p>}
        {discovered.isSuccess && (
          <p>
            Discovered from ?WSDL: <span className="mono">{discovered.data}</span>
          </p>
        )}
        {failure && (
          <p className="error" data-testid="namespace-failure">
            {failure.sentence}
          </p>
        )}
      </div>
      <p>
        In use:{' '}
        <span className="mono">
          {override ?? (discovered.isSuccess ? discovered.data : 'none yet')}
        </span>{' '}
        {override !== null && <span className="badge">manual override</span>}
      </p>
      <form
        className="inline-form"
        aria-label="Set the namespace"
        onSubmit={(e) => {
          e.preventDefault();
          onOverride(trimmed === '' ? null : trimmed);
        }}
      >
        <div className="field">
          <label htmlFor="ns-override">Namespace override</label>
          <input
            id="ns-override"
            value={draft}
            placeholder="http://example.org/service/"
            aria-describedby="ns-override-help"
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id="ns-override-help" className="help">
            Leave empty to use the discovered namespace.
          </p>
        </div>
        <div className="actions">
          <button type="submit">Save namespace</button>
          {override !== null && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setDraft('');
                onOverride(null);
              }}
            >
              Use discovered namespace
            </button>
          )}
          <button type="button" className="secondary" onClick={() => void discovered.refetch()}>
            Discover again
          </button>
        </div>
      </form>
    </section>
  );
}
