// A streamed answer through the servers that carry it: `npm start`'s server serving the
// embedded emulator (its compression middleware must leave /Inode.asmx alone) and its proxy in
// front of a remote emulator. First bytes before the last stub, held by the stream observer.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDist } from './__fixtures__/fake-dist.ts';
import { createProductionServer, type ProductionServer } from './production-server.ts';
import { serverSettings } from './settings.ts';
import { SEED_STUBS_KEY } from '../emulator/demo-users.ts';
import type { EmulatorHandler } from '../emulator/handler.ts';
import { startEmulator, type RunningEmulator } from '../emulator/server.ts';
import { send, type Call } from '../emulator/test-support/raw-call.ts';

const STUBS = 3000;
const PATH = `/Inode.asmx/GetAssetStubs?OpenIDKey=${SEED_STUBS_KEY}&AssetType=&OtherFilterCriteria=`;
let whole: RunningEmulator;
let remote: RunningEmulator;
const dists: string[] = [];
const apps: ProductionServer[] = [];

async function consoleServer(
  env: NodeJS.ProcessEnv,
): Promise<{ origin: string; app: ProductionServer }> {
  const dist = fakeDist('/');
  dists.push(dist);
  const settings = serverSettings(['--port', '0', '--access-log', 'off', '--dist', dist], {
    INODE_EMULATOR_DB: ':memory:',
    ...env,
  });
  if (settings === 'help') throw new Error('help');
  const app = createProductionServer(settings);
  apps.push(app);
  return { origin: new URL(await app.listen()).origin, app };
}

const CALL: Call = { path: PATH, method: 'GET', headers: { 'Accept-Encoding': 'gzip, br' } };
const portOf = (origin: string): number => Number(new URL(origin).port);

/** Holds the producer after its first batch until released; counts batches. */
function hold(handler: EmulatorHandler) {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { batches: 0, ended: false };
  handler.setStreamObserver(async (event) => {
    if (event.kind === 'end') state.ended = true;
    else state.batches++;
    await held;
  });
  return { state, release: () => release() };
}

beforeAll(async () => {
  [whole, remote] = await Promise.all([
    startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS, streamThresholdBytes: Infinity }),
    startEmulator({ port: 0, db: ':memory:', seedStubs: STUBS }),
  ]);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.shutdown()));
  await Promise.all([whole.close(), remote.close()]);
  for (const dist of dists) rmSync(dist, { recursive: true, force: true });
});

describe('a streamed answer through the console server', () => {
  it('comes from the embedded emulator chunked, uncompressed, first bytes before the last stub', async () => {
    const { origin, app } = await consoleServer({
      INODE_EMULATOR: 'on',
      INODE_EMULATOR_SEED_STUBS: String(STUBS),
    });
    const handler = await app.stack.emulator;
    if (!handler) throw new Error('no emulator');
    const { state, release } = hold(handler);
    let endedAtFirst: boolean | null = null;
    const [got, expected] = await Promise.all([
      send(portOf(origin), CALL, {}, () => {
        endedAtFirst = state.ended;
        release();
      }),
      send(whole.port, CALL),
    ]);
    handler.setStreamObserver(null);
    expect(endedAtFirst).toBe(false);
    expect(got.headers['transfer-encoding']).toBe('chunked');
    expect(got.headers['content-encoding']).toBeUndefined();
    expect(got.body.equals(expected.body)).toBe(true);
  });

  it('comes through the proxy from a remote emulator as it is written', async () => {
    const { origin } = await consoleServer({ INODE_TARGET: remote.origin });
    const { state, release } = hold(remote.handler);
    let endedAtFirst: boolean | null = null;
    try {
      const [got, expected] = await Promise.all([
        send(portOf(origin), CALL, {}, () => {
          endedAtFirst = state.ended;
          release();
        }),
        send(whole.port, CALL),
      ]);
      expect(endedAtFirst).toBe(false);
      expect(got.headers['transfer-encoding']).toBe('chunked');
      expect(got.body.equals(expected.body)).toBe(true);
    } finally {
      remote.handler.setStreamObserver(null);
    }
  });
});
