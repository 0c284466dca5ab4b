/**
 * The viewer's XPath tab: a query box with the namespace bindings beside it, the
 * answer (node list, records table, number, string or boolean) and errors pointing at a character.
 * Queries run in their own worker; beyond 200 ms a progress bar and Cancel appear.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_NODE_LIMIT, type XPathValue } from '../../xml/xpath/evaluate-xpath.ts';
import type { XPathNodeResult } from '../../xml/xpath/evaluate-xpath.ts';
import type { XPathNamespaces } from '../../xml/xpath/xpath-document.ts';
import type { XPathRecords } from '../../xml/xpath/xpath-records.ts';
import { useDelayedFlag } from './use-delayed-flag.ts';
import { XPathCancelled, type XPathRunner } from '../../workers/xpath/xpath-worker-client.ts';
import { formatCount } from './format-count.ts';
import { errorMessage } from '../../text/error-message.ts';

const PROGRESS_DELAY_MS = 200;

const NODE_KIND: Record<number, string> = {
  1: 'element',
  2: 'attribute',
  3: 'text',
  4: 'CDATA',
  7: 'processing instruction',
  8: 'comment',
  9: 'document',
};

type RunState =
  | { status: 'idle' }
  | { status: 'running'; expression: string }
  | { status: 'done'; expression: string; value: XPathValue; elapsedMs: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

function count(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

function summary(value: XPathValue): string {
  switch (value.kind) {
    case 'nodes':
      return value.count > value.nodes.length
        ? `${count(value.count, 'node')} (the first ${formatCount(value.nodes.length)} listed)`
        : count(value.count, 'node');
    case 'number':
      return `Number: ${String(value.value)}`;
    case 'string':
      return `String of ${count(value.value.length, 'character')}`;
    case 'boolean':
      return `Boolean: ${String(value.value)}`;
    case 'error':
      return `Error at character ${value.error.position + 1}: ${value.error.message}`;
  }
}

/** What the live region says once a query ends, or '' while one runs. */
function messageFor(state: RunState): string {
  switch (state.status) {
    case 'done':
      return `XPath: ${summary(state.value)}.`;
    case 'cancelled':
      return 'XPath query cancelled.';
    case 'failed':
      return `The XPath query failed: ${state.message}`;
    default:
      return '';
  }
}

export function XPathPanel({
  prepared,
  runner,
  initialQuery,
  onQueryRun,
  onRevealTree,
  onRevealPretty,
  onAnnounce,
}: {
  /** The namespaces expressions may use, from the XPath worker. */
  prepared: XPathNamespaces;
  runner: XPathRunner;
  /** A query from the link the page was opened with: run once, at start. */
  initialQuery: string | null;
  onQueryRun: (expression: string) => void;
  onRevealTree: (node: number) => void;
  onRevealPretty: (node: number) => void;
  /** Says a message once in the viewer's live region. */
  onAnnounce: (message: string) => void;
}) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [expression, setExpression] = useState(initialQuery ?? '');
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const runId = useRef(0);
  const showProgress = useDelayedFlag(state.status === 'running', PROGRESS_DELAY_MS);

  const run = (query: string) => {
    const mine = ++runId.current;
    setState({ status: 'running', expression: query });
    onQueryRun(query);
    runner.run(query, DEFAULT_NODE_LIMIT).then(
      ({ value, elapsedMs }) => {
        if (runId.current === mine)
          setState({ status: 'done', expression: query, value, elapsedMs });
      },
      (error: unknown) => {
        if (runId.current !== mine) return;
        setState(
          error instanceof XPathCancelled
            ? { status: 'cancelled' }
            : { status: 'failed', message: errorMessage(error) },
        );
      },
    );
  };

  const startedWith = useRef(initialQuery);
  useEffect(() => {
    const query = startedWith.current;
    startedWith.current = null;
    if (query?.trim()) run(query);
    // Once, for the query of the opening link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(expression);
  };

  const cancel = () => {
    runId.current += 1;
    runner.cancel();
    setState({ status: 'cancelled' });
  };

  useEffect(() => {
    const message = messageFor(state);
    if (message) onAnnounce(message);
  }, [state, onAnnounce]);

  const error = state.status === 'done' && state.value.kind === 'error' ? state.value.error : null;
  const bindings = Object.entries(prepared.namespaces).filter(([p]) => p !== prepared.defaultAlias);
  const defaultUri = prepared.defaultAlias ? prepared.namespaces[prepared.defaultAlias] : null;
  // An error is shown by the marked expression below the box instead.
  const summaryText = error ? '' : messageFor(state);

  return (
    <section className="xv-xpath" aria-label="XPath query">
      <form className="xv-xpath-form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-query`}>XPath</label>
        <input
          id={`${id}-query`}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={expression}
          placeholder={prepared.defaultAlias ? `//${prepared.defaultAlias}:Stub` : '//Stub'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-namespaces${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setExpression(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && state.status === 'running') cancel();
          }}
        />
        <button type="submit">Run XPath</button>
        {state.status === 'running' && showProgress && (
          <span className="xv-xpath-progress">
            <progress aria-label="XPath query running" /> Running…{' '}
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </span>
        )}
      </form>
      <p id={`${id}-namespaces`} className="xv-muted xv-xpath-namespaces">
        {defaultUri ? (
          <>
            Default namespace: <code>{prepared.defaultAlias}</code> = <code>{defaultUri}</code>
          </>
        ) : (
          'No default namespace: unprefixed names match as written.'
        )}
        {bindings.length > 0 && (
          <>
            {' · Prefixes: '}
            {bindings.map(([prefix, uri], i) => (
              <span key={prefix}>
                {i > 0 && ', '}
                <code>{prefix}</code> = <code>{uri}</code>
              </span>
            ))}
          </>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="xv-xpath-error">
          <code>
            {state.status === 'done' && state.expression.slice(0, error.position)}
            <mark>
              {(state.status === 'done' &&
                state.expression.slice(error.position, error.position + 1)) ||
                ' '}
            </mark>
            {state.status === 'done' && state.expression.slice(error.position + 1)}
          </code>{' '}
          {error.message} (character {error.position + 1})
        </p>
      )}
      <p className="xv-xpath-summary">
        {summaryText}
        {state.status === 'done' && state.value.kind !== 'error' && (
          <span className="xv-muted"> {Math.round(state.elapsedMs)} ms in the worker</span>
        )}
      </p>
      {state.status === 'done' && (
        <XPathAnswerView
          value={state.value}
          onRevealTree={onRevealTree}
          onRevealPretty={onRevealPretty}
        />
      )}
    </section>
  );
}

function XPathAnswerView({
  value,
  onRevealTree,
  onRevealPretty,
}: {
  value: XPathValue;
  onRevealTree: (node: number) => void;
  onRevealPretty: (node: number) => void;
}) {
  if (value.kind === 'string') return <pre className="xv-xpath-value">{value.value}</pre>;
  if (value.kind !== 'nodes' || value.nodes.length === 0) return null;
  if (value.records) {
    return (
      <RecordsTable
        records={value.records}
        nodes={value.nodes}
        onRevealTree={onRevealTree}
        onRevealPretty={onRevealPretty}
      />
    );
  }
  return (
    <ol className="xv-xpath-results" aria-label="XPath results">
      {value.nodes.map((node) => (
        <li key={`${node.path}`}>
          <RevealButtons node={node} onRevealTree={onRevealTree} onRevealPretty={onRevealPretty}>
            <span className="xv-muted">{NODE_KIND[node.nodeType] ?? 'node'}</span>{' '}
            {node.nodeType !== 1 && <span className="xv-xpath-node-value">{node.value}</span>}
          </RevealButtons>
        </li>
      ))}
    </ol>
  );
}

/** The node's path (reveals it in Tree), what `children` say about it, and "Pretty". */
function RevealButtons({
  node,
  onRevealTree,
  onRevealPretty,
  children,
}: {
  node: XPathNodeResult;
  onRevealTree: (node: number) => void;
  onRevealPretty: (node: number) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <button type="button" className="xv-link" onClick={() => onRevealTree(node.node)}>
        {node.path}
      </button>{' '}
      {children}{' '}
      <button
        type="button"
        aria-label={`Show ${node.path} in Pretty`}
        onClick={() => onRevealPretty(node.node)}
      >
        Pretty
      </button>
    </>
  );
}

function RecordsTable({
  records,
  nodes,
  onRevealTree,
  onRevealPretty,
}: {
  records: XPathRecords;
  nodes: readonly XPathNodeResult[];
  onRevealTree: (node: number) => void;
  onRevealPretty: (node: number) => void;
}) {
  return (
    <div className="xv-xpath-records">
      <table>
        <caption>
          {count(records.rows.length, `${records.recordName} record`)} (select a path to reveal it
          in Tree)
        </caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            {records.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.rows.map((row, r) => {
            const node = nodes[r];
            if (!node) return null;
            return (
              <tr key={node.path}>
                <th scope="row">
                  <RevealButtons
                    node={node}
                    onRevealTree={onRevealTree}
                    onRevealPretty={onRevealPretty}
                  />
                </th>
                {row.map((cell, c) => (
                  <td key={c}>{cell}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
