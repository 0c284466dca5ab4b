// The whole way round: the real protocol client registers tricky values with a real emulator on
// every binding, reads them back with GetAssetStubs, and an independent XML parser checks that
// the stub carries them exactly as sent. This test deliberately joins the two ends that the
// import rule otherwise keeps apart (their code is still independent: only this test sees both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the test joins client and emulator on purpose
import { BINDING_NAMES, createInodeClient } from '../src/protocol/index.ts';
// eslint-disable-next-line no-restricted-imports -- a test-only parser shared with neither side
import { allElements, parseIndependently } from '../src/protocol/test-support/independent-xml.ts';
import { DEMO_USERS } from './demo-users.ts';
import { startEmulator, type RunningEmulator } from './server.ts';

const TRICKY = `& < > " ' ]]> é ß 中文 😀 \t tab \n newline \r cr \r\n crlf + % = %41 a+b=c`;
const SERVICE_URI = `  \thttps://round-trip.example/${TRICKY}\t  `;
const MEDIA_TYPE = ` \r\n ${TRICKY} \n`;
const KEY = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:' });
});
afterAll(() => emulator.close());

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
      const stubs = allElements(parseIndependently(record.DataStubs ?? '')).filter(
        (e) => e.localName === 'Stub',
      );
      expect(stubs).toHaveLength(1);
      const attribute = (name: string): string | undefined =>
        stubs[0]?.attributes.find((a) => a.localName === name)?.value;
      expect(attribute('ID')).toBe(added.value);
      expect(attribute('ServiceURI')).toBe(serviceUri);
      expect(attribute('MediaType')).toBe(MEDIA_TYPE);
    },
  );
});
