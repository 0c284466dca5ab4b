/**
 * Turns whatever a call produced (a result or a thrown error) into words a person understands:
 * one outcome kind, a title, a sentence, the few facts that matter, and the technical detail
 * for those who open it.
 */
import { BINDINGS } from '../protocol/operations.ts';
import type { AssetStubsRecord, HttpError, InodeError } from '../protocol/index.ts';
import {
  isHttpError,
  isInodeError,
  isInputError,
  isResponseFormatError,
  isResponseTooLargeError,
  isServiceError,
  isSoapFaultError,
  isTimeoutError,
  isTransportError,
} from './error-kinds.ts';
import type { OutcomeKind } from './outcome-kind.ts';
import { redactString } from '../protocol/redact.ts';
import { firstLine, formatBytes } from '../text/format.ts';
import { CONSOLE_ERROR_HEADER as CONSOLE_ERROR } from '../console-api/index.ts';
import { errorMessage } from '../text/error-message.ts';

export interface OutcomeFact {
  label: string;
  value: string;
}

export interface OutcomeView {
  kind: OutcomeKind;
  title: string;
  message: string;
  /** Shown prominently under the title (ErrorCode and ErrorMessage, fault code and reason...). */
  facts: OutcomeFact[];
  /** The full technical text, shown on request. */
  detail: string | null;
}

/** The console server's marker on its own answers, as recorded (header names in lower case). */
const CONSOLE_ERROR_HEADER = CONSOLE_ERROR.toLowerCase();

function show(value: string | null): string {
  if (value === null) return '(absent)';
  if (value === '') return '(empty)';
  return value;
}

/** @example describeStubsRecord(result.record).kind // 'success' or 'business-failure' */
export function describeStubsRecord(record: AssetStubsRecord<unknown>): OutcomeView {
  if (record.Success) {
    return {
      kind: 'success',
      title: 'Success',
      message: 'The service answered with Success = true.',
      facts: [],
      detail: null,
    };
  }
  return {
    kind: 'business-failure',
    title: 'The service said no',
    message: 'The call went through, but the service answered with Success = false.',
    facts: [
      { label: 'ErrorCode', value: show(record.ErrorCode) },
      { label: 'ErrorMessage', value: show(record.ErrorMessage) },
    ],
    detail: record.Exception,
  };
}

/** AddUserAssetIndex reports failure only as a string starting with ERROR. */
export function isErrorString(value: string): boolean {
  return /^\s*ERROR/i.test(value);
}

/** @example describeRegistrationValue('ERROR: unknown key').kind // 'business-failure' */
export function describeRegistrationValue(value: string): OutcomeView {
  if (isErrorString(value)) {
    return {
      kind: 'business-failure',
      title: 'The service refused the registration',
      message: 'The call went through, but the service answered with an ERROR string.',
      facts: [{ label: 'Answer', value }],
      detail: null,
    };
  }
  return {
    kind: 'success',
    title: 'Registered',
    message: 'The service returned this value.',
    facts: [{ label: 'Answer', value: show(value) }],
    detail: null,
  };
}

function consoleErrorMarker(error: InodeError): string | undefined {
  return error.exchange?.response.headers[CONSOLE_ERROR_HEADER];
}

/**
 * Any thrown value from a call, in words. `cancelled` says the user pressed Cancel.
 * @example describeError(new TimeoutError(ctx, 5000)).title // 'No answer in time'
 */
export function describeError(error: unknown, cancelled = false): OutcomeView {
  const technical = errorMessage(error);
  if (cancelled) {
    return {
      kind: 'cancelled',
      title: 'Cancelled',
      message: 'You cancelled the call before an answer arrived.',
      facts: [],
      detail: technical,
    };
  }
  if (isSoapFaultError(error)) {
    const { fault } = error;
    const facts = [
      { label: 'Fault code', value: [fault.code, ...fault.subcodes].join(' › ') },
      { label: 'Reason', value: firstLine(fault.reason.trim()) },
    ];
    return {
      kind: 'soap-fault',
      title: 'The service raised a SOAP fault',
      message: `The service could not complete the call and answered with a SOAP ${fault.soapVersion} fault.`,
      facts,
      detail: [fault.reason, fault.detail ? `Detail: ${fault.detail}` : '']
        .filter(Boolean)
        .join('\n\n'),
    };
  }
  if (isServiceError(error)) {
    return {
      kind: 'service-error',
      title: 'The service failed',
      message: `The service hit an error while handling the call (HTTP ${error.exchange?.response.status ?? 500}).`,
      facts: [
        { label: 'Exception', value: error.exceptionType ?? '(no type given)' },
        { label: 'Message', value: firstLine(error.exceptionMessage.trim()) },
      ],
      detail: [error.exceptionMessage, error.stackTrace ?? ''].filter(Boolean).join('\n'),
    };
  }
  if (isHttpError(error)) return describeHttpError(error);
  if (isResponseFormatError(error)) {
    return {
      kind: 'unexpected-response',
      title: 'Unexpected response',
      message: "The server answered, but not with what this binding promises, so it can't be read.",
      facts: [
        { label: 'Expected', value: error.expected },
        { label: 'Received', value: error.received },
      ],
      detail: technical,
    };
  }
  if (isTimeoutError(error)) {
    return {
      kind: 'timeout',
      title: 'No answer in time',
      message: `No complete answer arrived within ${error.timeoutMs / 1000} s. The timeout is in Settings.`,
      facts: [],
      detail: technical,
    };
  }
  if (isResponseTooLargeError(error)) {
    return {
      kind: 'too-large',
      title: 'The answer is too large to open here',
      message: `The answer is ${formatBytes(error.byteLength)}, above the ${formatBytes(error.limit)} this console opens (Settings). Download it to open it elsewhere.`,
      facts: [
        { label: 'Size', value: `${error.byteLength.toLocaleString('en-US')} bytes` },
        { label: 'HTTP status', value: String(error.status) },
        ...(error.contentType ? [{ label: 'Content type', value: error.contentType }] : []),
      ],
      detail: technical,
    };
  }
  if (isTransportError(error)) {
    return {
      kind: 'network-failure',
      title: 'Network failure',
      message:
        'The request did not get an answer: the console server may be stopped or the connection dropped.',
      facts: [],
      detail: `${technical}${error.cause ? `\nCause: ${String(error.cause)}` : ''}`,
    };
  }
  if (isInputError(error)) {
    return {
      kind: 'input-error',
      title: 'Nothing was sent: a value cannot travel in XML',
      message: `${error.parameter} contains a character XML 1.0 cannot carry. Remove it and try again.`,
      facts: [
        { label: 'Parameter', value: error.parameter },
        { label: 'Position', value: String(error.position) },
        {
          label: 'Character',
          value: `U+${error.codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
        },
      ],
      detail: technical,
    };
  }
  if (/dynamically imported module|Importing a module script failed/i.test(technical)) {
    return {
      kind: 'network-failure',
      title: 'The console could not load a part of itself',
      message:
        'The console server may have restarted or the connection dropped. Reload the page and try again.',
      facts: [],
      detail: technical,
    };
  }
  return {
    kind: 'network-failure',
    title: 'The call failed',
    message: 'Something went wrong before an answer could be read.',
    facts: [],
    detail: technical,
  };
}

/**
 * The console server's own refusals (server/proxy.ts, connection-limits.ts): the call never
 * reached the service, and the server's one-line sentence says which limit it met.
 */
const CONSOLE_REFUSALS: Readonly<Record<string, { title: string; message: string }>> = {
  'upstream-busy': {
    title: 'The service is busy',
    message:
      'Every connection the console server keeps to this target stayed busy, so the call was not sent. Try again in a moment.',
  },
  'too-many-connections': {
    title: 'The console server is at its connection limit',
    message:
      'Too many connections are open to the console server (from this address or in all); the call was not sent. Try again in a moment.',
  },
  'body-too-large': {
    title: 'The request is too large for the console server',
    message:
      'The console server refuses request bodies above its limit, so the call was not sent. Shorten the parameters, or ask whoever runs the console server to raise INODE_MAX_BODY_BYTES.',
  },
  'request-timeout': {
    title: 'The request reached the console server too slowly',
    message:
      'The console server stopped waiting for the request to arrive; the call was not sent. Check the network and try again.',
  },
  'bad-framing': {
    title: 'The console server refused the request',
    message:
      'The request was framed in a way the console server does not forward (its length was ambiguous); the call was not sent.',
  },
  'body-not-allowed': {
    title: 'The console server refused the request',
    message:
      'A request of this method carries no body, so the console server did not forward it; the call was not sent.',
  },
};

function describeHttpError(error: HttpError): OutcomeView {
  const marker = consoleErrorMarker(error);
  const body = error.exchange?.response.bodyText ?? '';
  const status = { label: 'HTTP status', value: String(error.status) };
  const refusal = marker === undefined ? undefined : CONSOLE_REFUSALS[marker];
  if (refusal) {
    return {
      kind: 'http-error',
      ...refusal,
      facts: [status, { label: 'Console server said', value: firstLine(body.trim()) }],
      detail: body || error.message,
    };
  }
  if (marker === 'target-unreachable') {
    return {
      kind: 'http-error',
      title: 'The service is unreachable',
      message:
        'The console server could not reach the selected target. Check that the service is running, or pick another target in Settings.',
      facts: [status, { label: 'Proxy said', value: firstLine(body.trim()) }],
      detail: body || error.message,
    };
  }
  if (marker === 'unknown-target') {
    return {
      kind: 'http-error',
      title: 'Unknown target',
      message:
        'The console server does not know the selected target. Pick one it offers in Settings.',
      facts: [status],
      detail: body || error.message,
    };
  }
  if (error.bindingDisabled) {
    return {
      kind: 'http-error',
      title: `${BINDINGS[error.binding].label} is switched off on this service`,
      message: `The service does not accept the ${BINDINGS[error.binding].label} binding. Use SOAP 1.1 or SOAP 1.2 instead.`,
      facts: [status, { label: 'Server said', value: error.summary }],
      detail: error.message,
    };
  }
  return {
    kind: 'http-error',
    title: `HTTP error ${error.status}`,
    message: `The server answered with HTTP ${error.status}${error.exchange?.response.statusText ? ` ${error.exchange.response.statusText}` : ''} instead of a result.`,
    facts: [status, ...(error.summary ? [{ label: 'Server said', value: error.summary }] : [])],
    detail: body || error.message,
  };
}

/** The exchange or request an outcome carries, for the raw panel. */
export function exchangeOf(error: unknown) {
  return isInodeError(error)
    ? { exchange: error.exchange ?? null, request: error.request ?? null }
    : { exchange: null, request: null };
}

/**
 * The same outcome with every secret blanked: error messages name the URL, and over HTTP GET
 * the URL holds the key; services may also echo it in their messages.
 * @example redactOutcome(describeError(e), [key])
 */
export function redactOutcome(view: OutcomeView, secrets: readonly string[]): OutcomeView {
  if (!secrets.some((s) => s !== '')) return view;
  return {
    ...view,
    title: redactString(view.title, secrets),
    message: redactString(view.message, secrets),
    facts: view.facts.map((f) => ({ label: f.label, value: redactString(f.value, secrets) })),
    detail: view.detail === null ? null : redactString(view.detail, secrets),
  };
}
