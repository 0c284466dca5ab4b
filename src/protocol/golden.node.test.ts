/**
 * Golden tests over every reference capture: the real client is run against a fetch that
 * answers with the captured bytes. Each response must decode to the outcome written down in
 * expected-outcomes.ts, and each request the client builds must match, structurally, the
 * request the real server accepted (unless not-covered.ts says why not).
 */
import { describe, expect, it } from 'vitest';
import {
  captureNames,
  header,
  loadCapture,
  REFERENCE_NAMESPACE,
  type Capture,
} from '../../fixtures/captures.ts';
import {
  BINDINGS,
  InodeError,
  OPERATIONS,
  findForbiddenCharacter,
  type AddUserAssetIndexResult,
  type GetAssetStubsResult,
} from './index.ts';
import { EXPECTED_OUTCOMES, type ExpectedOutcome } from './test-support/expected-outcomes.ts';
import {
  allElements,
  elementChildren,
  parseIndependently,
  textOf,
  type IndependentElement,
} from './test-support/independent-xml.ts';
import { NOT_COVERED } from './test-support/not-covered.ts';
import { inferCall, replayClient, type SentRequest } from './test-support/replay.ts';

const names = captureNames();
const requestNotCovered = new Set(
  NOT_COVERED.filter((n) => n.aspect === 'request').map((n) => n.capture),
);
const responseNotCovered = new Set(
  NOT_COVERED.filter((n) => n.aspect === 'response').map((n) => n.capture),
);

/** The parameter values a captured request carried (null when it is not an operation call). */
function capturedValues(capture: Capture): Record<string, string> {
  const { binding } = inferCall(capture);
  const body = capture.request.body.toString('utf8');
  if (binding === 'http-get') {
    const target = Buffer.from(capture.request.target, 'latin1').toString('utf8');
    return Object.fromEntries(new URLSearchParams(target.split('?')[1] ?? ''));
  }
  if (binding === 'http-post') return Object.fromEntries(new URLSearchParams(body));
  try {
    const operation = soapOperationElement(parseIndependently(body));
    return Object.fromEntries(elementChildren(operation).map((e) => [e.localName, textOf(e)]));
  } catch {
    // Bodies carrying U+0001 are not XML 1.0; read their simple elements by pattern.
    const values: Record<string, string> = {};
    for (const m of body.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
      values[m[1] ?? ''] = (m[2] ?? '')
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    }
    return values;
  }
}

function soapOperationElement(envelope: IndependentElement): IndependentElement {
  const body = elementChildren(envelope).find((e) => e.localName === 'Body');
  const operation = body ? elementChildren(body)[0] : undefined;
  if (!operation) throw new Error('no operation element');
  return operation;
}

function mediaTypeAndParameters(contentType: string | undefined): {
  type: string;
  params: Record<string, string>;
} {
  const [type = '', ...rest] = (contentType ?? '').split(';').map((p) => p.trim());
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    params[p.slice(0, eq).toLowerCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { type: type.toLowerCase(), params };
}

function describeSoapBody(xml: string): unknown {
  const envelope = parseIndependently(xml);
  const body = elementChildren(envelope).find((e) => e.localName === 'Body');
  const operation = soapOperationElement(envelope);
  return {
    envelope: [envelope.namespace, envelope.localName],
    body: [body?.namespace, body?.localName],
    header: elementChildren(envelope).some((e) => e.localName === 'Header'),
    operation: [operation.namespace, operation.localName],
    parameters: elementChildren(operation).map((e) => [e.namespace, e.localName, textOf(e)]),
  };
}

function expectSameRequest(capture: Capture, sent: SentRequest): void {
  const { binding, operation } = inferCall(capture);
  expect(sent.method).toBe(capture.request.method);
  const capturedTarget = Buffer.from(capture.request.target, 'latin1').toString('utf8');
  const [capturedPath = '', capturedQuery = ''] = capturedTarget.split('?');
  const url = new URL(sent.url);
  expect(url.pathname).toBe(capturedPath);

  const ours = mediaTypeAndParameters(sent.headers['content-type']);
  const theirs = mediaTypeAndParameters(header(capture.request, 'content-type'));
  if (binding === 'http-get') {
    expect([...url.searchParams]).toEqual([...new URLSearchParams(capturedQuery)]);
    expect(sent.body).toBe('');
    return;
  }
  expect(ours.type).toBe(theirs.type);
  if (binding === 'http-post') {
    expect([...new URLSearchParams(sent.body)]).toEqual([
      ...new URLSearchParams(capture.request.body.toString('utf8')),
    ]);
    return;
  }
  expect(ours.params['charset']).toBe(theirs.params['charset']);
  const action = `${REFERENCE_NAMESPACE}${operation}`;
  if (binding === 'soap11') {
    expect(sent.headers['soapaction']).toBe(header(capture.request, 'soapaction'));
    expect(sent.headers['soapaction']).toBe(`"${action}"`);
  } else {
    expect(ours.params['action']).toBe(action);
    if (theirs.params['action'] !== undefined)
      expect(ours.params['action']).toBe(theirs.params['action']);
  }
  expect(describeSoapBody(sent.body)).toEqual(
    describeSoapBody(capture.request.body.toString('utf8')),
  );
  // Escaping byte for byte: each parameter's element text is written as the accepted request
  // wrote it (unless that one used CDATA, which the client never does).
  const capturedBody = capture.request.body.toString('utf8');
  for (const { name } of OPERATIONS[operation].parameters) {
    const element = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`);
    const theirsText = element.exec(capturedBody)?.[1];
    if (theirsText !== undefined && !theirsText.includes('<![CDATA[')) {
      expect(element.exec(sent.body)?.[1], name).toBe(theirsText);
    }
  }
}

/** Warning codes other than the HTTP GET secret-in-URL one, which must be there exactly for GET. */
function decodeWarningCodes(capture: Capture, warnings: ReadonlyArray<{ code: string }>): string[] {
  const codes = warnings.map((w) => w.code);
  expect(codes.includes('secret-in-url')).toBe(inferCall(capture).binding === 'http-get');
  return codes.filter((code) => code !== 'secret-in-url');
}

/** The DataStubs element of a well-formed response, found independently of the client. */
function independentDataStubs(body: string): IndependentElement | undefined {
  return allElements(parseIndependently(body)).find((e) => e.localName === 'DataStubs');
}

function checkRecord(
  capture: Capture,
  result: GetAssetStubsResult,
  expected: Extract<ExpectedOutcome, { kind: 'record' }>,
): void {
  const { record } = result;
  expect(record.Success).toBe(expected.success);
  for (const [field, value] of Object.entries(expected.fields ?? {})) {
    expect(record[field as keyof typeof record], field).toBe(value);
  }
  const codes = decodeWarningCodes(capture, result.warnings);
  expect(codes).toEqual(expected.warning ? [expected.warning] : []);
  if (expected.stubs === null) {
    expect(record.DataStubs).toBeNull();
    expect(result.dataStubsForm).toBeNull();
    return;
  }
  expect(result.dataStubsForm).toBe(expected.form ?? 'xml');
  const xml = record.DataStubs ?? '';
  if (expected.warning) {
    // Not XML 1.0 (the server's &#x1;): kept verbatim, counted by pattern.
    expect(xml.match(/<Stub /g)?.length ?? 0).toBe(expected.stubs);
    return;
  }
  const extracted = parseIndependently(xml);
  expect([extracted.namespace, extracted.localName]).toEqual(['', 'AssetStubs']);
  expect(allElements(extracted).filter((e) => e.localName === 'Stub')).toHaveLength(expected.stubs);
  // The extracted string means exactly what the DataStubs child meant inside the response.
  const original = independentDataStubs(capture.response.body.toString('utf8'));
  expect(original && elementChildren(original)[0]).toEqual(extracted);
}

function checkError(capture: Capture, error: unknown, expected: ExpectedOutcome): void {
  expect(error).toBeInstanceOf(InodeError);
  const e = error as InodeError & Record<string, unknown>;
  expect(e.name).toBe(expected.kind);
  expect(e.exchange?.response.status).toBe(capture.response.status);
  expect(e.exchange?.response.byteLength).toBe(capture.response.body.byteLength);
  const { binding, operation } = inferCall(capture);
  expect(e.message).toContain(operation);
  expect(e.message).toContain(BINDINGS[binding].label);
  expect(e.message).toContain('http://127.0.0.1:8099/Inode.asmx');
  switch (expected.kind) {
    case 'SoapFaultError': {
      const fault = e['fault'] as {
        soapVersion: string;
        code: string;
        reason: string;
        subcodes: string[];
      };
      expect(fault.soapVersion).toBe(expected.soapVersion);
      expect(fault.code).toBe(expected.code);
      expect(fault.subcodes).toEqual([]);
      expect(fault.reason).toMatch(expected.reason);
      break;
    }
    case 'ServiceError':
      expect(e['exceptionType']).toBe(expected.exceptionType);
      expect(e['exceptionMessage']).toMatch(expected.message);
      expect(e['stackTrace'] === null).toBe(!expected.stack);
      break;
    case 'HttpError':
      expect(e['status']).toBe(expected.status);
      expect(e['summary']).toMatch(expected.summary);
      expect(e['bindingDisabled']).toBe(expected.bindingDisabled);
      break;
    case 'ResponseFormatError':
      expect(`${String(e['expected'])} / ${String(e['received'])}`).toMatch(expected.received);
      break;
    default:
      throw new Error(`expected a result, got ${e.name}: ${e.message}`);
  }
}

describe('golden captures', () => {
  it('lists every capture exactly once: an expected outcome for each, known names only', () => {
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(EXPECTED_OUTCOMES).sort()).toEqual(
      names.filter((n) => !responseNotCovered.has(n)).sort(),
    );
    const unknown = NOT_COVERED.map((n) => n.capture).filter((n) => !names.includes(n));
    expect(unknown).toEqual([]);
    const duplicates = NOT_COVERED.map((n) => `${n.aspect}:${n.capture}`).filter(
      (key, i, all) => all.indexOf(key) !== i,
    );
    expect(duplicates).toEqual([]);
    console.info(
      `Captures not covered (${NOT_COVERED.length} of ${names.length}):\n` +
        NOT_COVERED.map((n) => `  ${n.capture} [${n.aspect}]: ${n.reason}`).join('\n'),
    );
  });

  describe.each(names)('%s', (name) => {
    const capture = loadCapture(name);
    const expected = EXPECTED_OUTCOMES[name];
    const { operation } = inferCall(capture);

    it('decodes to the expected typed outcome and, when covered, sent the same request', async () => {
      if (!expected) throw new Error(`no expected outcome for ${name}`);
      const sent: SentRequest[] = [];
      const client = replayClient(capture, sent);
      const values = capturedValues(capture);
      const params = Object.fromEntries(
        OPERATIONS[operation].parameters.map((p) => [p.name, values[p.name] ?? '']),
      );
      const forbidden = Object.entries(params)
        .map(([parameter, value]) => ({ parameter, found: findForbiddenCharacter(value) }))
        .find((f) => f.found !== null);
      const call = (): Promise<GetAssetStubsResult | AddUserAssetIndexResult> =>
        operation === 'GetAssetStubs'
          ? client.getAssetStubs(params as never)
          : client.addUserAssetIndex(params as never);

      let compareRequest = !requestNotCovered.has(name);
      if (forbidden) {
        // The client refuses what XML 1.0 cannot carry before sending, on every binding.
        await expect(call()).rejects.toMatchObject({
          name: 'InputError',
          parameter: forbidden.parameter,
          position: forbidden.found?.position,
          codePoint: 1,
        });
        expect(sent).toHaveLength(0);
        // The captured answer is still decoded: sent again with the character replaced.
        for (const key of Object.keys(params)) {
          let value = params[key] ?? '';
          for (let f = findForbiddenCharacter(value); f; f = findForbiddenCharacter(value)) {
            value = `${value.slice(0, f.position)}?${value.slice(f.position + 1)}`;
          }
          params[key] = value;
        }
        compareRequest = false;
      }

      let outcome: GetAssetStubsResult | AddUserAssetIndexResult | undefined;
      let failure: unknown;
      try {
        outcome = await call();
      } catch (error) {
        failure = error;
      }
      expect(sent).toHaveLength(1);
      if (compareRequest) expectSameRequest(capture, sent[0] as SentRequest);

      if (expected.kind === 'record' || expected.kind === 'string') {
        if (failure) throw failure;
        const result = outcome as GetAssetStubsResult & AddUserAssetIndexResult;
        expect(result.exchange.response.status).toBe(capture.response.status);
        expect(result.exchange.response.byteLength).toBe(capture.response.body.byteLength);
        expect(result.exchange.response.bodyText).toBe(capture.response.body.toString('utf8'));
        if (expected.kind === 'record') checkRecord(capture, result, expected);
        else {
          expect(result.value).toMatch(expected.value);
          expect(decodeWarningCodes(capture, result.warnings)).toEqual(
            expected.warning ? [expected.warning] : [],
          );
        }
      } else {
        expect(outcome).toBeUndefined();
        checkError(capture, failure, expected);
      }
    });
  });
});
