// The conformance replay: every reference capture, in capture order, sent over real HTTP to a
// fresh emulator in reference mode with the reference namespace and result prefix (the
// `ce_on_` ones to one with customErrors On, the `nohttp_` ones to one with the HTTP GET/POST
// bindings off), each answer compared with the captured one after normalization. Every case
// matches or is listed in conformance/deliberate-differences.ts with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  header,
  loadAllCaptures,
  REFERENCE_NAMESPACE,
  REFERENCE_RESULT_PREFIX,
  type Capture,
} from '../fixtures/captures.ts';
import { startEmulator, type RunningEmulator } from './server.ts';
import { firstDifference, observe } from './conformance/observe.ts';
import { DELIBERATE_DIFFERENCES } from './conformance/deliberate-differences.ts';
import { replayAgent, sendCapture, sendRaw } from './conformance/replay.ts';

const captures = loadAllCaptures();
const outcomes = { matched: 0, deliberate: 0 };
let plain: RunningEmulator;
let customErrors: RunningEmulator;
let noHttp: RunningEmulator;

const reference = {
  db: ':memory:',
  referenceMode: true,
  namespace: REFERENCE_NAMESPACE,
  resultPrefix: REFERENCE_RESULT_PREFIX,
};

function emulatorFor(capture: Capture): RunningEmulator {
  if (capture.name.startsWith('ce_on_')) return customErrors;
  if (capture.name.startsWith('nohttp_')) return noHttp;
  return plain;
}

/** README §13: key `bulk` got 2000 indexes by sequential HTTP POSTs before the large captures. */
async function addBulkIndexes(port: number): Promise<void> {
  const media = ['image', 'video', 'audio'];
  for (let n = 1; n <= 2000; n++) {
    const body = Buffer.from(
      `OpenIDKey=bulk&ServiceURI=${encodeURIComponent(`http://media.example.org/bulk/item-${n}`)}&MediaType=${media[n % 3]}`,
    );
    const answer = await sendRaw(
      port,
      'POST',
      '/Inode.asmx/AddUserAssetIndex',
      {
        Host: '127.0.0.1:8099',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(body.length),
      },
      body,
    );
    if (answer.status !== 200) throw new Error(`bulk add ${n} failed: ${answer.status}`);
  }
}

beforeAll(async () => {
  plain = await startEmulator({ ...reference, port: 0 });
  customErrors = await startEmulator({ ...reference, port: 0, customErrors: true });
  noHttp = await startEmulator({ ...reference, port: 0, httpBindings: false });
});

afterAll(async () => {
  replayAgent.destroy();
  await Promise.all([plain.close(), customErrors.close(), noHttp.close()]);
  console.info(
    `Conformance replay: ${captures.length} captures; ${outcomes.matched} match, ${outcomes.deliberate} deliberate differences (verified)`,
  );
});

describe('conformance replay of the reference captures', () => {
  it('lists only captures that exist', () => {
    const names = new Set(captures.map((c) => c.name));
    expect(Object.keys(DELIBERATE_DIFFERENCES).filter((n) => !names.has(n))).toEqual([]);
    expect(captures.length).toBeGreaterThan(150);
  });

  for (const capture of captures) {
    it(capture.name, { timeout: 60_000 }, async () => {
      const emulator = emulatorFor(capture);
      if (capture.name === 'get_httppost_large') await addBulkIndexes(emulator.port);
      const answer = await sendCapture(emulator.port, capture);
      const actual = observe(answer.status, answer.headers, answer.body);
      const captured = observe(
        capture.response.status,
        {
          'content-type': header(capture.response, 'content-type'),
          'cache-control': header(capture.response, 'cache-control'),
          connection: header(capture.response, 'connection'),
        },
        capture.response.body,
      );
      const difference = firstDifference(captured, actual);
      const listed = DELIBERATE_DIFFERENCES[capture.name];
      if (!listed) {
        expect(difference, `${capture.name} differs from the capture and is not listed`).toBeNull();
        outcomes.matched += 1;
        return;
      }
      expect(
        difference,
        `${capture.name} is listed as a deliberate difference but matches`,
      ).not.toBeNull();
      expect(listed.verify(actual, captured), `${capture.name}: ${listed.reason}`).toBeNull();
      outcomes.deliberate += 1;
    });
  }
});
