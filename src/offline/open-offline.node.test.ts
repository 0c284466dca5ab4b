import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAPTURES_DIR } from '../../fixtures/captures.ts';
import { recordCapturedCall } from '../../fixtures/recorded-calls.ts';
import { BINDING_NAMES, type Binding, type OperationName } from '../protocol/operations.ts';
import { buildHar, serializeHar } from '../har/build-har.ts';
import {
  decodeOfflineItem,
  NO_EXCHANGE_RECORDED,
  OfflineFileError,
  readOfflineFile,
} from './open-offline.ts';

const rawResponse = (name: string) =>
  readFileSync(join(CAPTURES_DIR, `${name}.response`)).toString('utf8');
const body = (name: string) => rawResponse(name).split('\r\n\r\n').slice(1).join('\r\n\r\n');

const CAPTURE_BINDING: Record<Binding, string> = {
  soap11: 'soap11',
  soap12: 'soap12',
  'http-post': 'httppost',
  'http-get': 'httpget',
};

const PARAMS = { OpenIDKey: 'k', AssetType: 'image', OtherFilterCriteria: '' };

describe('readOfflineFile + decodeOfflineItem', () => {
  it.each(BINDING_NAMES)(
    'a raw GetAssetStubs response over %s decodes to the record a live call gave',
    async (binding) => {
      const name = `get_${CAPTURE_BINDING[binding]}_success`;
      const live = await recordCapturedCall('GetAssetStubs', binding, 'success', PARAMS);
      const [entry, ...rest] = readOfflineFile(`${name}.txt`, rawResponse(name));
      expect(rest).toEqual([]);
      expect(entry?.operation).toBe('GetAssetStubs');
      // Without the request the two HTTP bindings cannot be told apart: POST stands for both.
      expect(entry?.binding).toBe(binding === 'http-get' ? 'http-post' : binding);
      const outcome = decodeOfflineItem(entry!);
      expect(outcome.kind).toBe('records');
      if (outcome.kind !== 'records') return;
      expect(outcome.result.record.Success).toBe(true);
      expect(outcome.result.exchange.response.bodyText).toBe(live.exchange.response.bodyText);
      expect(outcome.result.record.DataStubs).toContain('<AssetStubs');
    },
  );

  it('a bare SOAP 1.2 XML body and an AddUserAssetIndex <string> body', () => {
    const [soap12] = readOfflineFile('answer.xml', body('get_soap12_success'));
    expect(soap12).toMatchObject({ operation: 'GetAssetStubs', binding: 'soap12', request: null });
    expect(decodeOfflineItem(soap12!).kind).toBe('records');
    const [added] = readOfflineFile('answer.xml', body('add_httppost_success'));
    expect(added?.operation).toBe('AddUserAssetIndex');
    const outcome = decodeOfflineItem(added!);
    expect(outcome.kind).toBe('string');
  });

  it('a bare XML body is labelled with what it holds: no binding, no status', () => {
    for (const name of ['get_httppost_success', 'get_soap12_success']) {
      const [entry] = readOfflineFile('answer.xml', body(name));
      expect(entry?.recorded).toBe('xml-body');
      expect(entry?.label).toBe(`GetAssetStubs answer · ${NO_EXCHANGE_RECORDED}`);
      expect(entry?.label).not.toMatch(/POST|SOAP|200|OK/);
    }
  });

  it('a raw response names its status, and its binding only where the body shows it', () => {
    const [post] = readOfflineFile('r.txt', rawResponse('get_httppost_success'));
    expect(post?.label).toBe('GetAssetStubs · 200 OK');
    const [soap] = readOfflineFile('r.txt', rawResponse('get_soap11_success'));
    expect(soap?.label).toBe('GetAssetStubs · SOAP 1.1 · 200 OK');
  });

  it.each([
    ['get_soap11_throw', 'SoapFaultError'],
    ['get_soap12_throw', 'SoapFaultError'],
    ['get_httppost_throw', 'ServiceError'],
    ['nohttp_get_httpget', 'HttpError'],
    ['get_soap11_badkey', null],
  ])('%s opens as the same outcome a live call has (%s)', (name, errorName) => {
    const [entry] = readOfflineFile(`${name}.response`, rawResponse(name));
    const outcome = decodeOfflineItem(entry!);
    if (errorName === null) {
      expect(outcome.kind).toBe('records');
      if (outcome.kind === 'records') expect(outcome.result.record.Success).toBe(false);
    } else {
      expect(outcome.kind).toBe('error');
      if (outcome.kind === 'error') expect(outcome.error.name).toBe(errorName);
    }
  });

  it('a chunked raw response is put back together', () => {
    const xml = body('get_soap11_success');
    const chunked = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/xml\r\n\r\n${(10).toString(16)}\r\n${xml.slice(0, 10)}\r\n${(xml.length - 10).toString(16)}\r\n${xml.slice(10)}\r\n0\r\n\r\n`;
    const [entry] = readOfflineFile('x.txt', chunked);
    expect(entry?.response?.bodyText).toBe(xml);
    expect(decodeOfflineItem(entry!).kind).toBe('records');
  });

  it('a HAR exported by the console lists every entry with the call it describes', async () => {
    const calls = await Promise.all(
      (['soap11', 'http-get'] as const).map(async (binding) => {
        const operation: OperationName = 'GetAssetStubs';
        const { exchange } = await recordCapturedCall(operation, binding, 'success', PARAMS);
        return {
          operation,
          binding,
          targetId: null,
          namespace: null,
          request: exchange.request,
          response: exchange.response,
          timings: exchange.timings,
          at: exchange.timings.startedAt,
          secrets: ['k'],
        };
      }),
    );
    const har = serializeHar(
      buildHar(calls, {
        revealKey: false,
        origin: 'http://localhost',
        creator: { name: 'c', version: '1' },
      }),
      ['k'],
      false,
    );
    const items = readOfflineFile('parity.har', har);
    expect(items.map((i) => i.binding)).toEqual(['soap11', 'http-get']);
    expect(items[1]?.label).toBe('GetAssetStubs · HTTP GET · 200 OK');
    for (const entry of items) expect(decodeOfflineItem(entry).kind).toBe('records');
  });

  it('a HAR entry without a response opens as "no response"', () => {
    const har = JSON.stringify({
      log: {
        entries: [
          {
            request: {
              method: 'GET',
              url: 'http://h/Inode.asmx/AddUserAssetIndex?x=1',
              headers: [],
            },
            response: { status: 0, content: { size: 0 } },
          },
        ],
      },
    });
    const [entry] = readOfflineFile('f.har', har);
    expect(entry).toMatchObject({ operation: 'AddUserAssetIndex', binding: 'http-get' });
    expect(decodeOfflineItem(entry!)).toEqual({ kind: 'no-response' });
  });

  it.each([
    ['empty.xml', '   ', 'empty.xml is empty.'],
    ['x.txt', 'hello', 'neither a HAR file'],
    ['x.txt', 'HTTP/1.1 abc\r\n\r\n', 'status line cannot be read'],
    ['x.har', '{"log":', 'not JSON'],
  ])('%s: a specific message', (name, text, message) => {
    expect(() => readOfflineFile(name, text)).toThrow(OfflineFileError);
    expect(() => readOfflineFile(name, text)).toThrow(message);
  });

  it('malformed XML opens as an unexpected response, not a crash', () => {
    const [entry] = readOfflineFile(
      'x.xml',
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>',
    );
    const outcome = decodeOfflineItem(entry!);
    expect(outcome.kind).toBe('error');
    if (outcome.kind === 'error') expect(outcome.error.name).toBe('ResponseFormatError');
  });
});
