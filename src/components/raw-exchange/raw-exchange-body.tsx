import { useMemo, useState } from 'react';
import {
  redactExchange,
  redactRequest,
  redactString,
  toCurlCommand,
} from '../../protocol/index.ts';
import { formatBytes, formatDuration } from '../../text/format.ts';
import { utf8Length } from '../../text/utf8-length.ts';
import { prettyXml } from '../../xml/xml-pretty.ts';
import { TARGET_HEADER } from '../../console-api/index.ts';
import { CopyButton } from '../copy-button/copy-button.tsx';
import { WrappedText } from '../wrapped-text/wrapped-text.tsx';
import { useTextStart } from '../held-text/use-text-start.ts';
import { readText } from '../../text/held-text.ts';
import type { RawExchangePanelProps } from './raw-exchange-props.ts';

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="muted">No headers</p>;
  return (
    <dl className="headers">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Beyond this a held body (src/text/held-text.ts) is shown only in part: reading it whole would
 * bring it back into the page, which holding it keeps out.
 */
const SHOWN_LIMIT = 1_000_000;
/**
 * Read past the shown part of a held body, so that a key the cut would split is still found
 * whole by the redaction (its longest encoded form is a few times its length).
 */
const REDACTION_MARGIN = 4096;
/** The body's region grows with its text up to this many rows, then scrolls. */
const BODY_ROWS = 18;

/** `text`: the body, or its start when `length` (the whole body's) is longer. */
function Body({ text, length, label }: { text: string; length: number; label: string }) {
  const cut = length > SHOWN_LIMIT;
  const shown = cut ? text.slice(0, SHOWN_LIMIT) : text;
  const pretty = useMemo(() => (cut ? shown : prettyXml(shown)), [cut, shown]);
  if (length === 0) return <p className="muted">Empty body</p>;
  return (
    <>
      {cut && (
        <p className="muted">
          Showing the first {formatBytes(SHOWN_LIMIT)} characters as received, of{' '}
          {formatBytes(length)}. Copy response body, the HAR export and the DataStubs viewer's Raw
          view have it all.
        </p>
      )}
      <WrappedText text={pretty} label={label} maxRows={BODY_ROWS} />
    </>
  );
}

/** The open panel: loaded on demand. */
export default function RawExchangeBody({
  exchange,
  request,
  secrets,
  targetId,
}: RawExchangePanelProps) {
  const [revealed, setRevealed] = useState(false);
  const hasSecret = secrets.some((s) => s !== '');
  // A held body (a large answer) is read only as far as it is shown.
  const bodyStart = useTextStart(exchange?.response.bodyText ?? '', SHOWN_LIMIT + REDACTION_MARGIN);
  const active = useMemo(
    () => (revealed ? [] : secrets.filter((s) => s !== '')),
    [revealed, secrets],
  );
  const shown = useMemo(() => {
    if (exchange) {
      const withText = {
        ...exchange,
        response: { ...exchange.response, bodyText: bodyStart.text ?? '' },
      };
      const e = active.length ? redactExchange(withText, active) : withText;
      return { request: e.request, exchange: e };
    }
    if (request)
      return { request: active.length ? redactRequest(request, active) : request, exchange: null };
    return null;
  }, [exchange, request, active, bodyStart.text]);
  if (!shown) return null;

  const curlRequest =
    targetId === null
      ? shown.request
      : {
          ...shown.request,
          headers: { ...shown.request.headers, [TARGET_HEADER.toLowerCase()]: targetId },
        };
  const curl = toCurlCommand(curlRequest);
  const response = shown.exchange?.response;
  const timings = shown.exchange?.timings;
  const receivedBody = exchange?.response.bodyText ?? '';
  // The whole body as received, redacted as shown: read from its Blob when held.
  const copyBody = async () => {
    const whole = await readText(receivedBody);
    return active.length ? redactString(whole, active) : whole;
  };

  return (
    <div className="raw-exchange-body">
      <div className="toolbar">
        {hasSecret && (
          <button
            type="button"
            className="secondary"
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? 'Hide key in raw exchange' : 'Reveal key in raw exchange'}
          </button>
        )}
        <CopyButton text={curl} label="Copy as curl" />
      </div>
      <details className="curl">
        <summary>curl command{revealed ? '' : ' (key redacted)'}</summary>
        <pre aria-label="curl command" tabIndex={0}>
          {curl}
        </pre>
      </details>
      <section aria-label="Request">
        <h3>
          Request <span className="mono">{shown.request.method}</span>{' '}
          <span className="mono break">{shown.request.url}</span>
        </h3>
        <p className="muted">Body {formatBytes(utf8Length(shown.request.body))}</p>
        <Headers headers={shown.request.headers} />
        <Body text={shown.request.body} length={shown.request.body.length} label="Request body" />
      </section>
      {response ? (
        <section aria-label="Response">
          <h3>
            Response{' '}
            <span className="mono">
              {response.status} {response.statusText}
            </span>
          </h3>
          <p className="muted">
            Body {formatBytes(response.byteLength)}
            {timings &&
              ` · headers after ${formatDuration(timings.headersMs)} · complete after ${formatDuration(timings.totalMs)}`}
          </p>
          <Headers headers={response.headers} />
          {!response.bodyOmitted && receivedBody.length > 0 && (
            <div className="toolbar">
              <CopyButton text={copyBody} label="Copy response body" />
            </div>
          )}
          {response.bodyOmitted ? (
            <p className="muted">
              The body is not shown: it is larger than the answer size this console opens.
            </p>
          ) : bodyStart.status === 'failed' ? (
            <p role="alert">The body could not be read back: {bodyStart.message}</p>
          ) : bodyStart.status === 'read' ? (
            <Body
              text={response.bodyText}
              length={exchange?.response.bodyText.length ?? 0}
              label="Response body"
            />
          ) : (
            <p className="muted">Reading the body…</p>
          )}
        </section>
      ) : (
        <p className="muted">No response arrived.</p>
      )}
    </div>
  );
}
