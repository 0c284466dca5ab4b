import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BINDINGS, BINDING_NAMES } from '../../protocol/operations.ts';
import { useSettings } from '../../settings/settings-context.tsx';
import {
  isBinding,
  MAX_MAX_ANSWER_BYTES,
  MAX_MAX_INDEX_BYTES,
  MAX_TIMEOUT_MS,
  MIN_MAX_ANSWER_BYTES,
  MIN_MAX_INDEX_BYTES,
  MIN_TIMEOUT_MS,
} from '../../settings/settings-store.ts';
import {
  connectionKeys,
  effectiveTargetId,
  namespaceQueryOptions,
  targetsQueryOptions,
} from '../../connection/targets.ts';
import { RememberKey } from '../../components/remember-key/remember-key.tsx';
import {
  TargetHealthBadge,
  TargetHealthNotice,
} from '../../components/target-health/target-health.tsx';
import { NamespaceSettings } from './namespace-settings.tsx';
import { StoredResponses } from './stored-responses.tsx';
import { MegabytesField, typedAmount } from './megabytes-field.tsx';

const timeoutMsOf = (text: string) => typedAmount(text, 1000, MIN_TIMEOUT_MS, MAX_TIMEOUT_MS);

/** Settings: target, default binding, timeout, namespace, and the key opt-in. */
export function SettingsPage() {
  const queryClient = useQueryClient();
  const { settings, updateSettings } = useSettings();
  const targets = useQuery(targetsQueryOptions());
  const targetId = effectiveTargetId(settings.targetId, targets.data);
  const targetName =
    targets.data?.targets.find((t) => t.id === targetId)?.label ?? targetId ?? 'server default';
  const [timeoutText, setTimeoutText] = useState(String(settings.timeoutMs / 1000));
  const timeoutValid = timeoutMsOf(timeoutText) !== null;

  return (
    <>
      <h1>Settings</h1>
      <p className="lead">Saved in this browser (never the key).</p>

      <section aria-labelledby="target-heading" className="settings-section">
        <h2 id="target-heading">Target</h2>
        {targets.isPending && <p role="status">Loading the targets the server offers…</p>}
        {targets.isError && (
          <p role="alert" className="error">
            The console server did not list its targets ({targets.error.message}). Calls go to
            whatever /Inode.asmx the server answers for.
          </p>
        )}
        {targets.data && targets.data.targets.length === 0 && (
          <p className="muted">The server offers no named targets.</p>
        )}
        {targets.data && targets.data.targets.length > 0 && (
          <fieldset>
            <legend>Service to call</legend>
            <p className="help">
              The console server proxies /Inode.asmx to the target you pick; it only ever offers the
              targets it was started with (INODE_TARGET, INODE_TARGETS, the embedded emulator).
            </p>
            {targets.data.targets.map((t) => (
              <div className="radio" key={t.id}>
                <input
                  type="radio"
                  id={`target-${t.id}`}
                  name="target"
                  value={t.id}
                  checked={targetId === t.id}
                  onChange={() => {
                    updateSettings({ targetId: t.id });
                    void queryClient.invalidateQueries({
                      queryKey: connectionKeys.namespace(t.id),
                    });
                  }}
                />
                <label htmlFor={`target-${t.id}`}>
                  {t.label}
                  {t.url && <span className="muted mono"> {t.url}</span>}
                  {t.id === targets.data.defaultId && (
                    <span className="muted"> (server default)</span>
                  )}{' '}
                  <TargetHealthBadge targetId={t.id} name={t.label} />
                </label>
              </div>
            ))}
          </fieldset>
        )}
        <TargetHealthNotice targetId={targetId} name={targetName} unknown />
      </section>

      <section aria-labelledby="calls-heading" className="settings-section">
        <h2 id="calls-heading">Calls</h2>
        <div className="field">
          <label htmlFor="settings-binding">Default binding</label>
          <select
            id="settings-binding"
            value={settings.defaultBinding}
            onChange={(e) => {
              if (isBinding(e.target.value)) updateSettings({ defaultBinding: e.target.value });
            }}
          >
            {BINDING_NAMES.map((b) => (
              <option key={b} value={b}>
                {BINDINGS[b].label}
              </option>
            ))}
          </select>
          <p className="help">Both forms start with this binding.</p>
        </div>
        <div className="field">
          <label htmlFor="settings-timeout">Timeout (seconds)</label>
          <input
            id="settings-timeout"
            type="number"
            min={MIN_TIMEOUT_MS / 1000}
            max={MAX_TIMEOUT_MS / 1000}
            step="any"
            value={timeoutText}
            aria-invalid={timeoutValid ? undefined : true}
            aria-describedby="settings-timeout-help"
            onChange={(e) => {
              setTimeoutText(e.target.value);
              const ms = timeoutMsOf(e.target.value);
              if (ms !== null) updateSettings({ timeoutMs: ms });
            }}
          />
          <p id="settings-timeout-help" className={timeoutValid ? 'help' : 'error'}>
            {timeoutValid
              ? 'A call with no complete answer after this long is reported as a timeout.'
              : `Enter a number of seconds between ${MIN_TIMEOUT_MS / 1000} and ${MAX_TIMEOUT_MS / 1000}; the last valid value (${settings.timeoutMs / 1000} s) stays in use.`}
          </p>
        </div>
        <MegabytesField
          id="settings-max-answer"
          label="Largest answer opened (MB)"
          bytes={settings.maxAnswerBytes}
          min={MIN_MAX_ANSWER_BYTES}
          max={MAX_MAX_ANSWER_BYTES}
          help="A larger answer is not opened: the call says how large it is and offers it as a download. Above 250 MB a tab may run out of memory."
          onValid={(bytes) => updateSettings({ maxAnswerBytes: bytes })}
        />
        <MegabytesField
          id="settings-max-index"
          label="Tree and Table built at once up to (MB)"
          bytes={settings.maxIndexBytes}
          min={MIN_MAX_INDEX_BYTES}
          max={MAX_MAX_INDEX_BYTES}
          help="The viewer indexes a larger DataStubs payload for Tree, Table and XPath only when asked: the index takes a few times the payload in memory."
          onValid={(bytes) => updateSettings({ maxIndexBytes: bytes })}
        />
      </section>

      <NamespaceSettings
        key={targetId ?? ''}
        targetId={targetId}
        targetName={targetName}
        override={settings.namespaceOverrides[targetId ?? ''] ?? null}
        discovery={namespaceQueryOptions(targetId)}
        onOverride={(ns) => {
          const next = { ...settings.namespaceOverrides };
          if (ns === null) delete next[targetId ?? ''];
          else next[targetId ?? ''] = ns;
          updateSettings({ namespaceOverrides: next });
        }}
      />

      <section aria-labelledby="key-heading" className="settings-section">
        <h2 id="key-heading">OpenIDKey</h2>
        <p className="help">
          The key stays in this page's memory and is never written to localStorage, IndexedDB,
          cookies or URLs. Opt in below to keep it for this tab only.
        </p>
        <RememberKey />
      </section>

      <StoredResponses />
    </>
  );
}
