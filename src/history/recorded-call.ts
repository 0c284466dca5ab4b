/**
 * Runs one service call and writes it to History whatever happens (without the key).
 */
import { SERVICE_PATH, type Binding, type OperationName } from '../protocol/operations.ts';
import { isInodeError } from '../outcome/error-kinds.ts';
import { loadProtocol } from '../connection/protocol-loader.ts';
import { addCall, type CallRecord, type ExchangeToKeep } from './history-db.ts';
import { keyFingerprint } from './key-fingerprint.ts';
import { loadStoredResponseLimits } from './stored-response-limits.ts';
import type { Exchange } from '../protocol/types.ts';
import type { OutcomeView } from '../outcome/outcome.ts';
import { describeError } from '../outcome/outcome.ts';
import { redactString } from '../protocol/redact.ts';
import { utf8Length } from '../text/utf8-length.ts';
import { isHeld, type TextOrHeld } from '../text/held-text.ts';
import { readExchange } from '../protocol/held-exchange.ts';
import { warnStorageFailure } from './storage-warning.ts';

export interface RecordedCallInput<T> {
  operation: OperationName;
  binding: Binding;
  targetId: string | null;
  params: Record<string, string>;
  /**
   * The OpenIDKey the call is made with (the operations' one secret parameter): blanked out of
   * the summary, since the service may echo it, and fingerprinted so Re-run can tell keys apart.
   */
  secrets: string[];
  signal?: AbortSignal | undefined;
  run: () => Promise<T>;
  /** How a successful value reads in History. */
  describe: (value: T) => OutcomeView;
  /** What History shows of a successful answer: its UserID and stubs, or the returned string. */
  answer?: (value: T) => AnswerFacts | Promise<AnswerFacts>;
}

/** The facts of an answer History shows beside its outcome. */
export type AnswerFacts = Pick<CallRecord, 'userId' | 'stubsCount' | 'result'>;

/** A call that brought no answer has none of its operation's facts (shown as "—"). */
function noAnswerFacts(operation: OperationName): AnswerFacts {
  return operation === 'GetAssetStubs' ? { userId: null, stubsCount: null } : { result: null };
}

/** The returned string may echo the key, as the summary may. */
function redactFacts(facts: AnswerFacts, secrets: readonly string[]): AnswerFacts {
  const redacted = { ...facts };
  if (typeof facts.result === 'string') redacted.result = redactString(facts.result, secrets);
  if (typeof facts.userId === 'string') redacted.userId = redactString(facts.userId, secrets);
  return redacted;
}

/**
 * Every failure comes out as an InodeError (anything else is wrapped in a TransportError), so
 * callers and TanStack Query can type errors with the client's classes.
 * @example await recordedCall({ operation: 'GetAssetStubs', ..., run: () => client.getAssetStubs(p) })
 */
export async function recordedCall<T>(input: RecordedCallInput<T>): Promise<T> {
  const started = performance.now();
  const at = Date.now();
  const fingerprint = keyFingerprint(input.secrets[0] ?? '').catch(() => null);
  const record = async (
    view: OutcomeView,
    exchange: Exchange<TextOrHeld> | undefined,
    facts: () => Promise<AnswerFacts>,
  ) => {
    const durationMs = performance.now() - started;
    try {
      const kept = exchange ? await toKeep(exchange, input.secrets) : undefined;
      await addCall(
        {
          operation: input.operation,
          binding: input.binding,
          targetId: input.targetId,
          params: input.params,
          outcome: view.kind,
          summary: redactString(
            [view.title, ...view.facts.map((f) => `${f.label}: ${f.value}`)].join(' · '),
            input.secrets,
          ),
          durationMs,
          at,
          ...redactFacts(await facts().catch(() => ({})), input.secrets),
          keyFingerprint: await fingerprint,
        },
        kept,
      );
    } catch (error: unknown) {
      warnStorageFailure('History could not be written', error);
    }
  };
  try {
    const value = await input.run();
    const answer = input.answer;
    // Without `answer` the facts are not recorded (absent), rather than recorded as missing.
    void record(input.describe(value), exchangeIn(value), async () =>
      answer ? answer(value) : {},
    );
    return value;
  } catch (thrown) {
    const error = isInodeError(thrown) ? thrown : await asTransportError(input, thrown);
    void record(
      describeError(error, input.signal?.aborted === true),
      isInodeError(error) ? error.exchange : undefined,
      async () => noAnswerFacts(input.operation),
    );
    throw error;
  }
}

/** The exchange of a result; a large answer's body may be held (src/text/held-text.ts). */
function exchangeIn(value: unknown): Exchange<TextOrHeld> | undefined {
  return typeof value === 'object' && value !== null && 'exchange' in value
    ? (value as { exchange: Exchange<TextOrHeld> }).exchange
    : undefined;
}

/**
 * History keeps the response (redacted: the service may echo the key) within the limits. A
 * response clearly over the entry limit is dropped before any whole-body work: redacting and
 * measuring a 10 MB body costs the page a long task, for a response that would not be kept.
 */
async function toKeep(
  exchange: Exchange<TextOrHeld>,
  secrets: readonly string[],
): Promise<ExchangeToKeep | undefined> {
  const limits = loadStoredResponseLimits();
  const limit = Math.min(limits.maxEntryBytes, limits.maxTotalBytes);
  // Redaction could only bring a body under the limit if over half of it were the key.
  if (exchange.request.body.length + exchange.response.bodyText.length > 2 * limit)
    return undefined;
  // A held body within the limits is read back to be redacted and kept.
  const { redactExchange } = await loadProtocol();
  const read = await readExchange(exchange);
  const safe = redactExchange(read, secrets);
  // UTF-16 code units never outnumber UTF-8 bytes, so this length is a cheap lower bound.
  if (safe.request.body.length + safe.response.bodyText.length > limit) return undefined;
  // A held body is its text's UTF-8 already (src/text/held-text.ts): where the redaction left
  // the text as it was, that Blob is kept, neither measured nor encoded again on the page.
  const held = exchange.response.bodyText;
  const bodyBlob =
    isHeld(held) && safe.response.bodyText === read.response.bodyText ? held.held : undefined;
  const bodyBytes = bodyBlob ? bodyBlob.size : utf8Length(safe.response.bodyText);
  const bytes = utf8Length(safe.request.body) + bodyBytes;
  return { exchange: safe, bodyBlob, bytes, limits };
}

/** Wraps a non-client failure (a bug, a chunk that failed to load) so callers see one type. */
async function asTransportError(
  input: { operation: OperationName; binding: Binding },
  thrown: unknown,
): Promise<unknown> {
  try {
    const { TransportError } = await loadProtocol();
    return new TransportError(
      { operation: input.operation, binding: input.binding, url: SERVICE_PATH },
      thrown instanceof Error ? thrown.message : 'the call failed',
      thrown,
    );
  } catch {
    // The protocol module itself did not load: report the original failure as it is.
    return thrown;
  }
}
