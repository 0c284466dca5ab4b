import { describe, expect, it } from 'vitest';
import { BulkJobStore, STORAGE_KEY, TEXT_STORAGE_KEY } from './job-store.ts';
import type { RegisterFn } from '../../bulk-job/bulk-runner.ts';

/** An in-memory Storage (sessionStorage's interface), optionally refusing large values. */
function memoryStorage(maxChars = Infinity): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (value.length > maxChars) throw new DOMException('full', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

const CSV = [
  'ServiceURI,MediaType',
  'https://a.example/1,image',
  ',image',
  'https://a.example/1,image',
  'https://a.example/2,video',
].join('\n');

const echo: RegisterFn = async (item) => `ID:${item.ServiceURI}`;

describe('BulkJobStore', () => {
  it('checks the text, then runs only valid, first-seen rows', async () => {
    const store = new BulkJobStore(memoryStorage(), 0);
    await store.whenReady();
    store.setText(CSV);
    await store.checkNow();
    expect(store.getState().parsed?.rows).toHaveLength(4);
    await store.run(echo);
    const runner = store.getState().runner;
    await runner?.whenSettled();
    expect(runner?.allResults().map((r) => r.state)).toEqual([
      'succeeded',
      'skipped',
      'skipped',
      'succeeded',
    ]);
  });

  it('sends repeats too when asked, and locks the text while a job exists', async () => {
    const store = new BulkJobStore(undefined, 0);
    store.setText(CSV);
    store.setOptions({ skipDuplicates: false, concurrency: 42 });
    expect(store.getState().input.concurrency).toBe(32);
    await store.run(echo);
    await store.getState().runner?.whenSettled();
    expect(store.getState().runner?.snapshot().counts.succeeded).toBe(3);
    store.setText('changed');
    expect(store.getState().input.text).toBe(CSV);
    store.newJob();
    expect(store.getState().runner).toBeNull();
    store.setText('changed');
    expect(store.getState().input.text).toBe('changed');
  });

  it('keeps rows and results in the tab storage, never the key, and reads them back', async () => {
    const storage = memoryStorage();
    const first = new BulkJobStore(storage, 0);
    first.setText(CSV, 'indexes.csv');
    const key = 'secret-key-123';
    await first.run(async (item) =>
      item.ServiceURI.endsWith('2') ? 'ERROR: no' : `ID-${key.length}`,
    );
    await first.getState().runner?.whenSettled();
    first.setOptions({ concurrency: 2 });
    first.flush();
    const saved = storage.getItem(STORAGE_KEY) ?? '';
    expect(saved).not.toContain(key);
    expect(saved).toContain('indexes.csv');

    const second = new BulkJobStore(storage, 0);
    await second.whenReady();
    const state = second.getState();
    expect(state.input).toMatchObject({ text: CSV, fileName: 'indexes.csv', concurrency: 2 });
    expect(state.runner?.snapshot().phase).toBe('finished');
    expect(state.runner?.allResults().map((r) => r.value)).toEqual([
      'ID-14',
      null,
      null,
      'ERROR: no',
    ]);
  });

  it('reads a job a safeguard stopped back as stopped, with its reason, not as cancelled', async () => {
    const storage = memoryStorage();
    const rows = Array.from({ length: 30 }, (_, i) => `https://a.example/${i},image`);
    const first = new BulkJobStore(storage, 0);
    first.setText(['ServiceURI,MediaType', ...rows].join('\n'));
    first.setOptions({ concurrency: 1 });
    await first.run(async () => 'ERROR: OpenIDKey is not recognised');
    await first.getState().runner?.whenSettled();
    const stopped = first.getState().runner?.snapshot();
    expect(stopped?.phase).toBe('stopped');
    expect(stopped?.stopReason).toContain('OpenIDKey is not recognised');
    first.flush();

    const second = new BulkJobStore(storage, 0);
    await second.whenReady();
    const restored = second.getState().runner?.snapshot();
    expect(restored?.phase).toBe('stopped');
    expect(restored?.stopReason).toBe(stopped?.stopReason);
    expect(restored?.counts.failed).toBe(stopped?.counts.failed);
  });

  it('does not pin saved results on rows edited while the saved job was read back', async () => {
    const storage = memoryStorage();
    const first = new BulkJobStore(storage, 0);
    first.setText(CSV);
    await first.run(echo);
    await first.getState().runner?.whenSettled();
    first.flush();
    const second = new BulkJobStore(storage, 0);
    second.setText(CSV.replace('video', 'audio'));
    await second.whenReady();
    expect(second.getState().runner).toBeNull();
  });

  it('says so when the job is too big for the tab storage, and keeps working', async () => {
    const store = new BulkJobStore(memoryStorage(50), 0);
    store.setText(CSV);
    await store.checkNow();
    expect(store.getState().notSaved).toBe(true);
    await store.run(echo);
    await store.getState().runner?.whenSettled();
    expect(store.getState().runner?.snapshot().counts.succeeded).toBe(2);
  });

  it('does not even try to save a job far beyond the quota (no megabytes stringified each second)', async () => {
    const storage = memoryStorage();
    let writes = 0;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      writes += 1;
      setItem(key, value);
    };
    const store = new BulkJobStore(storage, 0);
    const rows = Array.from(
      { length: 90_000 },
      (_, i) => `https://big.example/${i}/asset.png,image`,
    );
    store.setText(rows.join('\n'));
    await store.checkNow();
    const before = writes;
    await store.run(echo);
    await store.getState().runner?.whenSettled();
    store.flush();
    expect(store.getState().notSaved).toBe(true);
    expect(writes).toBe(before);
    expect(store.getState().runner?.snapshot().counts.succeeded).toBe(90_000);
  });

  it('saves the input text once, apart from the results saved while the job runs', async () => {
    const storage = memoryStorage();
    const keys: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      keys.push(key);
      setItem(key, value);
    };
    const store = new BulkJobStore(storage, 0);
    store.setText(CSV);
    await store.checkNow();
    await store.run(echo);
    await store.getState().runner?.whenSettled();
    store.flush();
    store.flush();
    expect(keys.filter((key) => key === TEXT_STORAGE_KEY)).toHaveLength(1);
    expect(keys.filter((key) => key === STORAGE_KEY).length).toBeGreaterThan(1);
    const again = new BulkJobStore(storage, 0);
    await again.whenReady();
    expect(again.getState().input.text).toBe(CSV);
    expect(again.getState().runner?.snapshot().counts.succeeded).toBe(2);
  });

  it('ignores saved data it cannot read', async () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, '{"input":{"text":5}}');
    const store = new BulkJobStore(storage, 0);
    await store.whenReady();
    expect(store.getState().input.text).toBe('');
    storage.setItem(STORAGE_KEY, 'not json');
    const again = new BulkJobStore(storage, 0);
    await again.whenReady();
    expect(again.getState().runner).toBeNull();
  });
});
