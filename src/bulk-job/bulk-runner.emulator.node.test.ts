/**
 * The engine with the real protocol client against a real emulator server (port 0, in-memory
 * database), on every binding: what a bulk job registers can be read back with GetAssetStubs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInodeClient, BINDING_NAMES, type InodeClient } from '../protocol/index.ts';
import { BulkRunner } from './bulk-runner.ts';
import { clientRegister } from './client-register.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/server.ts';
import { DEMO_USERS } from '../../emulator/demo-users.ts';

let emulator: RunningEmulator;
let demoKey: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:' });
  demoKey = DEMO_USERS[2]?.openIdKey ?? 'demo-empty-key';
});

afterAll(async () => {
  await emulator.close();
});

function client(binding: (typeof BINDING_NAMES)[number]): InodeClient {
  return createInodeClient({ baseUrl: emulator.origin, binding, timeoutMs: 10_000 });
}

describe('a bulk job against the emulator', () => {
  it.each(BINDING_NAMES)('registers every row over %s and the stubs list them', async (binding) => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      ServiceURI: `https://bulk.example/${binding}/${i}.png`,
      MediaType: 'image',
    }));
    const inode = client(binding);
    const runner = new BulkRunner({
      items,
      concurrency: 4,
      register: clientRegister(inode, demoKey),
    });
    runner.start();
    await runner.whenSettled();
    expect(runner.snapshot().counts.succeeded).toBe(12);
    const ids = runner.allResults().map((r) => r.value);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect(id).toMatch(/^\S+$/);

    const stubs = await inode.getAssetStubs({
      OpenIDKey: demoKey,
      AssetType: '',
      OtherFilterCriteria: '',
    });
    for (const item of items) expect(stubs.record.DataStubs).toContain(item.ServiceURI);
  });

  it('shows an unknown key as ERROR answers, and bad characters as the client refusing', async () => {
    const runner = new BulkRunner({
      items: [
        { ServiceURI: 'https://bulk.example/a', MediaType: 'image' },
        { ServiceURI: 'https://bulk.example/\u0001', MediaType: 'image' },
      ],
      register: clientRegister(client('soap11'), 'no-such-key'),
    });
    runner.start();
    await runner.whenSettled();
    expect(runner.result(0)).toMatchObject({ state: 'failed' });
    expect(runner.result(0).value).toMatch(/^ERROR/);
    expect(runner.result(1)).toMatchObject({ state: 'failed', value: null });
    expect(runner.result(1).error).toMatch(/ServiceURI/);
  });

  it('cancel aborts real calls in flight', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      ServiceURI: `https://bulk.example/cancel/${i}`,
      MediaType: 'video',
    }));
    const runner = new BulkRunner({
      items,
      concurrency: 8,
      register: clientRegister(client('soap12'), demoKey),
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    runner.cancel();
    await runner.whenSettled();
    const { counts } = runner.snapshot();
    expect(runner.snapshot().phase).toBe('cancelled');
    expect(counts.running).toBe(0);
    expect(counts.pending + counts.cancelled).toBeGreaterThan(0);
    expect(counts.succeeded + counts.pending + counts.cancelled + counts.failed).toBe(200);
  });
});
