// The whole way round: the real protocol client registers tricky values with a real emulator on
// every binding, reads them back with GetAssetStubs, and an independent XML parser checks that
// the stub carries them exactly as sent. This test deliberately joins the two ends that the
// import rule otherwise keeps apart (their code is still independent: only this test sees both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the test joins client and emulator on purpose
import { BINDING_NAMES, createInodeClient } from '../src/protocol/index.ts';
// eslint-disable-next-line no-restricted-imports -- a test-only parser shared with neither side
import {
  allElements,
  elementChildren,
  parseIndependently,
  textOf,
  type IndependentElement,
} from '../src/protocol/test-support/independent-xml.ts';
import { DEMO_USERS } from './demo-users.ts';
import { startEmulator, type RunningEmulator } from './server.ts';

const TRICKY = `& < > " ' ]]> é ß 中文 😀 \t tab \n newline \r cr \r\n crlf + % = %41 a+b=c`;
const SERVICE_URI = `  \thttps://round-trip.example/${TRICKY}\t  `;
const MEDIA_TYPE = ` \r\n ${TRICKY} \n`;
const KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';

let emulator: RunningEmulator;
let reference: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  reference = await startEmulator({ port: 0, db: ':memory:', referenceMode: true });
});
afterAll(async () => {
  await emulator.close();
  await reference.close();
});

function onlyStub(dataStubs: string | null): IndependentElement {
  const stubs = allElements(parseIndependently(dataStubs ?? '')).filter(
    (e) => e.localName === 'Stub',
  );
  expect(stubs).toHaveLength(1);
  const [stub] = stubs;
  if (!stub) throw new Error('no stub');
  return stub;
}

function attribute(element: IndependentElement, name: string): string | undefined {
  return element.attributes.find((a) => a.localName === name)?.value;
}

describe('client → emulator → client', () => {
  it.each(BINDING_NAMES)(
    'keeps ServiceURI and MediaType exactly as sent over %s',
    async (binding) => {
      const client = createInodeClient({ baseUrl: emulator.origin, binding, timeoutMs: 10_000 });
      const serviceUri = `${SERVICE_URI}${binding}  `;
      const added = await client.addUserAssetIndex({
        OpenIDKey: KEY,
        ServiceURI: serviceUri,
        MediaType: MEDIA_TYPE,
      });
      expect(added.value).toMatch(/^[0-9a-f-]{36}$/);

      // AssetType travels too: the exact MediaType selects the stub (the filter trims and
      // ignores case), and the ID term narrows it to this binding's record.
      const { record } = await client.getAssetStubs({
        OpenIDKey: KEY,
        AssetType: MEDIA_TYPE,
        OtherFilterCriteria: `id:${added.value}`,
      });
      expect(record.Success).toBe(true);
      expect(record.NewRecordID).toBe(added.value);
      const stub = onlyStub(record.DataStubs);
      expect(attribute(stub, 'ID')).toBe(added.value);
      expect(attribute(stub, 'ServiceURI')).toBe(serviceUri);
      expect(attribute(stub, 'MediaType')).toBe(MEDIA_TYPE);
    },
  );

  // Reference mode compares ordinally (exact key, exact MediaType, exact substring of the
  // ServiceURI), so every parameter of both operations must arrive exactly for the stub to show.
  it.each(BINDING_NAMES)(
    'carries every parameter exactly over %s (reference mode)',
    async (binding) => {
      const client = createInodeClient({ baseUrl: reference.origin, binding, timeoutMs: 10_000 });
      const key = ` ${TRICKY} key for ${binding} `;
      const serviceUri = `${SERVICE_URI}${binding}`;
      const added = await client.addUserAssetIndex({
        OpenIDKey: key,
        ServiceURI: serviceUri,
        MediaType: MEDIA_TYPE,
      });
      expect(added.value).toMatch(/^[0-9a-f-]{36}$/);
      const { record } = await client.getAssetStubs({
        OpenIDKey: key,
        AssetType: MEDIA_TYPE,
        OtherFilterCriteria: `/${TRICKY}\t`,
      });
      const stub = onlyStub(record.DataStubs);
      expect(attribute(stub, 'ID')).toBe(added.value);
      expect(attribute(stub, 'ServiceURI')).toBe(serviceUri);
      expect(attribute(stub, 'MediaType')).toBe(MEDIA_TYPE);
      expect(textOf(elementChildren(stub)[0] ?? stub)).toBe(serviceUri);
    },
  );
});
