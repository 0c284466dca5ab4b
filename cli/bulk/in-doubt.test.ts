import { describe, expect, it } from 'vitest';
import type { InodeClient } from '../../src/protocol/index.ts';
import { InDoubtRows, matchingStubId } from './in-doubt.ts';

const item = (n: number) => ({ ServiceURI: `https://a.example/${n}.png`, MediaType: 'image' });

const stubsOf = (...ids: number[]) =>
  `<AssetStubs xmlns="">${ids
    .map((n) => `<Stub ID="id-${n}" ServiceURI="https://a.example/${n}.png" MediaType="image" />`)
    .join('')}</AssetStubs>`;

/** A client whose GetAssetStubs answers when the test says, and counts calls in flight. */
function heldClient() {
  const pending: { release: () => void; criteria: string }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const client = {
    getAssetStubs: async (input: { OtherFilterCriteria: string }) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise<void>((release) =>
        pending.push({ release, criteria: input.OtherFilterCriteria }),
      );
      inFlight -= 1;
      const n = Number(/\/(\d+)\.png/.exec(input.OtherFilterCriteria)?.[1]);
      return { record: { Success: true, DataStubs: n % 2 === 0 ? stubsOf(n) : stubsOf() } };
    },
  } as unknown as InodeClient;
  return { client, pending, mostInFlight: () => mostInFlight };
}

const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('InDoubtRows', () => {
  it('asks one question at a time, in the order asked, whatever the callers', async () => {
    const { client, pending, mostInFlight } = heldClient();
    const doubts = new InDoubtRows([1, 2, 3, 4]);
    const answers = [1, 2, 3, 4].map((n) =>
      doubts.ask(client, 'k', item(n), new AbortController().signal),
    );
    for (let asked = 1; asked <= 4; asked++) {
      await turn();
      expect(pending).toHaveLength(asked);
      expect(pending[asked - 1]?.criteria).toBe(`"https://a.example/${asked}.png"`);
      pending[asked - 1]?.release();
    }
    expect(await Promise.all(answers)).toEqual([null, 'id-2', null, 'id-4']);
    expect(mostInFlight()).toBe(1);
    expect(doubts.questions).toBe(4);
  });

  it('a question that fails lets the next one go', async () => {
    const doubts = new InDoubtRows([1, 2]);
    const failing = {
      getAssetStubs: () => Promise.reject(new Error('socket hang up')),
    } as unknown as InodeClient;
    const signal = new AbortController().signal;
    await expect(doubts.ask(failing, 'k', item(1), signal)).rejects.toThrow('socket hang up');
    const { client, pending } = heldClient();
    const second = doubts.ask(client, 'k', item(2), signal);
    await turn();
    pending[0]?.release();
    expect(await second).toBe('id-2');
  });

  it('a caller aborted while waiting leaves the queue at once, and the next still waits its turn', async () => {
    const { client, pending, mostInFlight } = heldClient();
    const doubts = new InDoubtRows([1, 2, 3]);
    const first = doubts.ask(client, 'k', item(1), new AbortController().signal);
    const aborted = new AbortController();
    const second = doubts.ask(client, 'k', item(2), aborted.signal);
    const third = doubts.ask(client, 'k', item(3), new AbortController().signal);
    await turn();
    aborted.abort(new DOMException('cancelled', 'AbortError'));
    await expect(second).rejects.toThrow('cancelled');
    await turn();
    expect(pending).toHaveLength(1); // the third waits for the first, not for the second
    pending[0]?.release();
    await turn();
    pending[1]?.release();
    expect([await first, await third]).toEqual([null, null]);
    expect(mostInFlight()).toBe(1);
    expect(doubts.questions).toBe(2);
  });
});

describe('matchingStubId', () => {
  it('matches ServiceURI and MediaType exactly, not a longer URI that contains it', () => {
    const stubs = `<AssetStubs xmlns=""><Stub ID="a" ServiceURI="https://a.example/1.png?v=2" MediaType="image" /><Stub ID="b" ServiceURI=" https://a.example/1.png " MediaType="image" /></AssetStubs>`;
    expect(matchingStubId(stubs, item(1))).toBe('b');
    expect(matchingStubId(stubs, { ...item(1), MediaType: 'video' })).toBeNull();
  });
});
