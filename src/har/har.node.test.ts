import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { BINDING_NAMES, type Binding, type OperationName } from '../protocol/operations.ts';
import { recordCapturedCall } from '../../fixtures/recorded-calls.ts';
import {
  buildHar,
  HarRedactionError,
  OMITTED_BODY_COMMENT,
  serializeHar,
  type HarSourceCall,
} from './build-har.ts';
import { HarReadError, readHar } from './read-har.ts';
import type { HarLog } from './har-types.ts';

// The HAR 1.2 JSON schemas (har-schema, the schemas behind har-validator) checked by Ajv 8.
const require = createRequire(import.meta.url);
const schemas = require('har-schema') as Record<string, { $id: string }>;
const draft6 = require('ajv/dist/refs/json-schema-draft-06.json') as object;

function harValidator() {
  // har-schema uses two words that are not JSON Schema keywords ("min", "optional").
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(draft6);
  for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema);
  return ajv.compile(schemas.har as object);
}
const validateHar = harValidator();

function expectValidHar(har: HarLog) {
  const ok = validateHar(JSON.parse(JSON.stringify(har)));
  expect(validateHar.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
}

// Every character class the redaction must cover: XML-escaped, percent- and form-encoded.
const KEY = 'k3y & <b> "q" \'s\' +1 100% é/漢';
const PARAMS: Record<OperationName, Record<string, string>> = {
  GetAssetStubs: { OpenIDKey: KEY, AssetType: 'image', OtherFilterCriteria: '' },
  AddUserAssetIndex: { OpenIDKey: KEY, ServiceURI: 'http://x.example/a', MediaType: 'image' },
};

/** Every form the key can take on the wire or in JSON. */
function keyForms(key: string): string[] {
  const xml = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const percent = encodeURIComponent(key);
  return [
    key,
    xml,
    percent,
    percent.toLowerCase(),
    new URLSearchParams({ v: key }).toString().slice(2),
    JSON.stringify(key).slice(1, -1),
    'k3y',
  ];
}

async function sourceCall(
  operation: OperationName,
  binding: Binding,
  echoKey = false,
): Promise<HarSourceCall> {
  const { exchange } = await recordCapturedCall(
    operation,
    binding,
    'success',
    PARAMS[operation],
    (body) =>
      echoKey
        ? body.replace(
            '</Success>',
            `</Success><!-- ${KEY.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')} -->`,
          )
        : body,
  );
  return {
    operation,
    binding,
    targetId: 'emulator',
    namespace: 'http://assets.example.net/inode/',
    request: exchange.request,
    response: exchange.response,
    timings: exchange.timings,
    at: exchange.timings.startedAt,
    comment: `Success for ${KEY}`,
    secrets: [KEY],
  };
}

const OPTIONS = {
  origin: 'http://localhost:5173',
  creator: { name: 'Inode Console', version: '0.1.0' },
};

describe('buildHar', () => {
  it.each(
    BINDING_NAMES.flatMap((b) =>
      (['GetAssetStubs', 'AddUserAssetIndex'] as const).map((o) => [o, b] as const),
    ),
  )('%s over %s: valid HAR 1.2 with the key nowhere in it', async (operation, binding) => {
    const call = await sourceCall(operation, binding);
    const har = buildHar([call], { ...OPTIONS, revealKey: false });
    expectValidHar(har);
    const text = serializeHar(har, [KEY], false);
    for (const form of keyForms(KEY)) expect(text).not.toContain(form);
    const [entry] = har.log.entries;
    expect(entry?.request.method).toBe(binding === 'http-get' ? 'GET' : 'POST');
    expect(entry?.response.content.text).toBe(call.response?.bodyText);
    expect(entry?._inode).toMatchObject({ operation, binding, keyRevealed: false });
    // Query and form params say where the key was, redacted.
    const keyParam = [
      ...(entry?.request.queryString ?? []),
      ...(entry?.request.postData?.params ?? []),
    ].find((p) => p.name === 'OpenIDKey');
    if (binding.startsWith('http')) expect(keyParam?.value).toBe('••••••');
    else expect(entry?.request.postData?.text).toContain('<OpenIDKey>••••••</OpenIDKey>');
  });

  it('redacts a key the service echoed in its response and in the comment', async () => {
    const call = await sourceCall('GetAssetStubs', 'soap11', true);
    expect(call.response?.bodyText).toContain('k3y');
    const har = buildHar([call], { ...OPTIONS, revealKey: false });
    const text = serializeHar(har, [KEY], false);
    expect(text).not.toContain('k3y');
    expect(har.log.entries[0]?.comment).toBe('Success for ••••••');
  });

  it('keeps the key only when the user revealed it for this export', async () => {
    const call = await sourceCall('GetAssetStubs', 'http-get');
    const har = buildHar([call], { ...OPTIONS, revealKey: true });
    expectValidHar(har);
    expect(har.log.entries[0]?.request.queryString).toContainEqual({
      name: 'OpenIDKey',
      value: KEY,
    });
    expect(har.log.entries[0]?._inode?.keyRevealed).toBe(true);
    expect(serializeHar(har, [KEY], true)).toContain('k3y');
  });

  it('exports a parity run (four entries) and a call with no response as valid HAR', async () => {
    const calls = await Promise.all(BINDING_NAMES.map((b) => sourceCall('GetAssetStubs', b)));
    const failed: HarSourceCall = {
      ...calls[0]!,
      response: null,
      timings: null,
      comment: 'Timeout',
    };
    const har = buildHar([...calls, failed], { ...OPTIONS, revealKey: false, comment: 'Parity' });
    expectValidHar(har);
    expect(har.log.entries.map((e) => e.response.status)).toEqual([200, 200, 200, 200, 0]);
  });

  it('notes an answer above the size ceiling by its size, without a body, and reads it back so', async () => {
    const call = await sourceCall('GetAssetStubs', 'soap11');
    const tooLarge: HarSourceCall = {
      ...call,
      response: { ...call.response!, bodyText: '', byteLength: 327_576_371, bodyOmitted: true },
      comment: 'The answer is too large to open here',
    };
    const har = buildHar([tooLarge], { ...OPTIONS, revealKey: false });
    expectValidHar(har);
    const content = har.log.entries[0]?.response.content;
    expect(content).toEqual({
      size: 327_576_371,
      mimeType: 'text/xml; charset=utf-8',
      comment: OMITTED_BODY_COMMENT,
    });
    expect(har.log.entries[0]?.response.bodySize).toBe(327_576_371);
    const [read] = readHar(serializeHar(har, [KEY], false));
    expect(read?.response).toMatchObject({
      bodyText: '',
      byteLength: 327_576_371,
      bodyOmitted: true,
    });
    // A body that is really empty stays an empty body.
    const [empty] = readHar(
      serializeHar(
        buildHar([{ ...call, response: { ...call.response!, bodyText: '', byteLength: 0 } }], {
          ...OPTIONS,
          revealKey: false,
        }),
        [KEY],
        false,
      ),
    );
    expect(empty?.response?.bodyOmitted).toBeUndefined();
  });

  it('refuses to serialize when a key is left in a wire text', async () => {
    const call = await sourceCall('GetAssetStubs', 'soap11');
    const har = buildHar([call], { ...OPTIONS, revealKey: true });
    expect(() => serializeHar(har, [KEY], false)).toThrow(HarRedactionError);
  });

  it('the validator itself rejects a broken HAR', () => {
    expect(validateHar({ log: { version: '1.2', creator: { name: 'x' }, entries: [{}] } })).toBe(
      false,
    );
  });
});

describe('readHar', () => {
  it('reads back what buildHar wrote: request, response, and the console’s call description', async () => {
    const calls = await Promise.all(BINDING_NAMES.map((b) => sourceCall('GetAssetStubs', b)));
    const text = serializeHar(buildHar(calls, { ...OPTIONS, revealKey: false }), [KEY], false);
    const read = readHar(text);
    expect(read).toHaveLength(4);
    read.forEach((entry, i) => {
      expect(entry.response?.bodyText).toBe(calls[i]?.response?.bodyText);
      expect(entry.response?.status).toBe(200);
      expect(entry.inode?.binding).toBe(BINDING_NAMES[i]);
      expect(entry.request.headers['content-type'] ?? '').toBe(
        calls[i]?.request.headers['content-type'] ?? '',
      );
    });
  });

  it('decodes base64 bodies and drops HTTP/2 pseudo-headers (browser exports)', () => {
    const har = {
      log: {
        entries: [
          {
            request: {
              method: 'GET',
              url: 'https://h/x',
              headers: [{ name: ':authority', value: 'h' }],
            },
            response: {
              status: 200,
              headers: [{ name: 'Content-Type', value: 'text/xml' }],
              content: { size: 5, encoding: 'base64', text: btoa('<a/>\n') },
            },
          },
        ],
      },
    };
    const [entry] = readHar(JSON.stringify(har));
    expect(entry?.request.headers).toEqual({});
    expect(entry?.response?.bodyText).toBe('<a/>\n');
    expect(entry?.response?.headers).toEqual({ 'content-type': 'text/xml' });
    expect(entry?.inode).toBeNull();
  });

  it.each([
    ['not json', 'not JSON'],
    ['{}', 'no "log" object'],
    ['{"log":{}}', 'no "entries" list'],
    ['{"log":{"entries":[]}}', 'holds no entries'],
    ['{"log":{"entries":[{"request":{}}]}}', 'Entry 1 has no request'],
    [
      '{"log":{"entries":[{"request":{"method":"GET","url":"u"},"response":{"status":200,"content":{"encoding":"base64","text":"*"}}}]}}',
      'not valid base64',
    ],
  ])('gives a specific message for %s', (text, message) => {
    expect(() => readHar(text)).toThrow(HarReadError);
    expect(() => readHar(text)).toThrow(message);
  });
});
