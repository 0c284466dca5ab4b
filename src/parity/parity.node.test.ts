import { describe, expect, it } from 'vitest';
import { capturedAnswer } from '../../fixtures/captured-answer.ts';
import { recordCapturedCall } from '../../fixtures/recorded-calls.ts';
import { BINDING_NAMES, type Binding } from '../protocol/operations.ts';
import { sameXmlMeaning } from '../xml/compare/xml-meaning-tree.ts';
import { compareBindingResults, type BindingResult } from './compare-binding-results.ts';
import {
  errorBindingResult,
  registrationBindingResult,
  skippedBindingResult,
  stubsBindingResult,
} from './binding-result.ts';

const KEY = 'secret-key-123';
const PARAMS = { OpenIDKey: KEY, AssetType: 'image', OtherFilterCriteria: '' };

function answered(
  binding: Binding,
  fields: Record<string, string | null>,
  extra: Partial<BindingResult> = {},
): BindingResult {
  return {
    binding,
    state: 'answered',
    outcome: 'success',
    status: 200,
    timeMs: 5,
    fields,
    note: 'Success',
    ...extra,
  };
}

const XML_OPTIONS = { xmlFields: ['DataStubs'], sameXml: sameXmlMeaning };

describe('compareBindingResults', () => {
  it('four equal answers agree, whatever the prefixes, attribute order and timing', () => {
    const results = BINDING_NAMES.map((binding, i) =>
      answered(
        binding,
        {
          Success: 'true',
          DataStubs:
            i % 2
              ? '<s:AssetStubs xmlns:s="u"><s:Stub ID="1" Type="x"/></s:AssetStubs>'
              : '<AssetStubs xmlns="u">\n  <Stub Type="x" ID="1"></Stub>\n</AssetStubs>',
        },
        { timeMs: i * 10 },
      ),
    );
    const verdict = compareBindingResults(results, XML_OPTIONS);
    expect(verdict).toMatchObject({
      agree: true,
      headline: 'All four bindings agree',
      differences: [],
    });
  });

  it('names exactly the field and the binding that differ', () => {
    const results = BINDING_NAMES.map((binding) =>
      answered(binding, {
        Success: 'true',
        DataStubs: binding === 'http-get' ? '<A><Stub ID="2"/></A>' : '<A><Stub ID="1"/></A>',
        UserID: 'u1',
      }),
    );
    const verdict = compareBindingResults(results, XML_OPTIONS);
    expect(verdict.agree).toBe(false);
    expect(verdict.headline).toBe('DataStubs differs on HTTP GET');
    expect(verdict.differences).toEqual([
      {
        field: 'DataStubs',
        groups: [
          { value: '<A><Stub ID="1"/></A>', bindings: ['soap11', 'soap12', 'http-post'] },
          { value: '<A><Stub ID="2"/></A>', bindings: ['http-get'] },
        ],
      },
    ]);
  });

  it('tells absent from empty, and outcome and status differences apart', () => {
    const results = [
      answered('soap11', { ErrorCode: null }),
      answered('soap12', { ErrorCode: '' }),
      answered('http-post', { ErrorCode: null }, { outcome: 'service-error', status: 500 }),
    ];
    const verdict = compareBindingResults(results);
    expect(verdict.differences.map((d) => d.field)).toEqual([
      'Outcome',
      'HTTP status',
      'ErrorCode',
    ]);
    expect(verdict.headline).toBe(
      'Outcome differs on HTTP POST; HTTP status differs on HTTP POST; ErrorCode differs on SOAP 1.2',
    );
  });

  it('switched-off, refused and skipped bindings are their own state, not a difference', () => {
    const results = [
      answered('soap11', { Success: 'true' }),
      answered('soap12', { Success: 'true' }),
      { ...skippedBindingResult('http-post', 'x'), state: 'switched-off' as const },
      skippedBindingResult('http-get', 'The key would go into a URL'),
    ];
    const verdict = compareBindingResults(results);
    expect(verdict.agree).toBe(true);
    expect(verdict.compared).toEqual(['soap11', 'soap12']);
    expect(verdict.headline).toBe(
      'The 2 bindings that answered agree (HTTP POST: switched off on the server; HTTP GET: not called)',
    );
  });

  it('nothing answered is not agreement', () => {
    const verdict = compareBindingResults([skippedBindingResult('soap11', 'x')]);
    expect(verdict.agree).toBe(false);
    expect(verdict.headline).toBe('No binding answered (SOAP 1.1: not called)');
  });
});

describe('binding results from real client outcomes', () => {
  it('the reference captures’ four GetAssetStubs answers (different users’ data) differ only in DataStubs', async () => {
    // Each capture decoded through the client for a typed result.
    const typed = await Promise.all(
      BINDING_NAMES.map(async (binding) => {
        const answer = await capturedAnswer('GetAssetStubs', binding, 'success', PARAMS);
        if (!('value' in answer) || !('record' in answer.value)) throw new Error('no result');
        return stubsBindingResult(binding, answer.value, [KEY]);
      }),
    );
    const verdict = compareBindingResults(typed, XML_OPTIONS);
    // The captures were taken with different stubs stored; every other field matches.
    expect(verdict.differences.map((d) => d.field)).toEqual(['DataStubs']);
    expect(verdict.headline).toBe('DataStubs differs on every binding');
    expect(typed.every((r) => r.outcome === 'success' && r.status === 200)).toBe(true);
  });

  it('a switched-off HTTP binding and a request-validation refusal are recognised', async () => {
    const off = await recordCapturedCall('GetAssetStubs', 'http-get', 'nohttp_get_httpget', PARAMS);
    const offError = await callError('http-get', 'nohttp_get_httpget');
    expect(off.exchange.response.status).toBeGreaterThanOrEqual(400);
    expect(errorBindingResult('http-get', offError, [KEY])).toMatchObject({
      state: 'switched-off',
    });
    const refused = await callError(
      'http-post',
      'add_httppost_request_validation_tag',
      'AddUserAssetIndex',
    );
    expect(errorBindingResult('http-post', refused, [KEY])).toMatchObject({ state: 'refused' });
    const getRefused = await callError(
      'http-get',
      'add_httpget_request_validation_tag',
      'AddUserAssetIndex',
    );
    expect(errorBindingResult('http-get', getRefused, [KEY])).toMatchObject({ state: 'refused' });
    const fault = await callError('soap12', 'get_soap12_throw');
    expect(errorBindingResult('soap12', fault, [KEY])).toMatchObject({
      state: 'answered',
      outcome: 'soap-fault',
    });
  });

  it('an AddUserAssetIndex value is compared as the field "value", the key redacted', () => {
    const result = registrationBindingResult(
      'soap11',
      {
        value: `ERROR bad key ${KEY}`,
        warnings: [],
        exchange: {
          request: { method: 'POST', url: '', headers: {}, body: '' },
          response: { status: 200, statusText: '', headers: {}, bodyText: '', byteLength: 0 },
          timings: { startedAt: 0, headersMs: 1, totalMs: 2 },
        },
      },
      [KEY],
    );
    expect(result).toMatchObject({
      outcome: 'business-failure',
      fields: { value: 'ERROR bad key ••••••' },
    });
  });
});

async function callError(
  binding: Binding,
  capture: string,
  operation: 'GetAssetStubs' | 'AddUserAssetIndex' = 'GetAssetStubs',
) {
  const answer = await capturedAnswer(
    operation,
    binding,
    capture,
    operation === 'GetAssetStubs' ? PARAMS : { OpenIDKey: KEY, ServiceURI: 'u', MediaType: 'm' },
  );
  if ('error' in answer) return answer.error;
  throw new Error(`${capture} did not fail`);
}
