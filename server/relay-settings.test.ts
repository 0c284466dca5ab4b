// The relay's limits as `npm start` settings: defaults, values, refusals, --help, and the
// production server applying them to its relay (a socket over the per-client cap, an idle page).
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { relayUrl } from '../src/relay/relay-fetch.ts';
import { RELAY_CLOSE } from '../src/relay/relay-close.ts';
import { fakeDist } from './__fixtures__/fake-dist.ts';
import { createProductionServer } from './production-server.ts';
import { DEFAULT_RELAY_LIMITS } from './relay-limits.ts';
import { helpText, serverSettings, type ServerSettings } from './settings.ts';

const RELAY_VARIABLES = {
  INODE_RELAY_MAX_SOCKETS: '10',
  INODE_RELAY_MAX_SOCKETS_PER_CLIENT: '1',
  INODE_RELAY_MAX_ANSWER_BYTES: '65536',
  INODE_RELAY_HIGH_WATER_BYTES: '32768',
  INODE_RELAY_IDLE_TIMEOUT_MS: '300',
};

function settings(argv: string[], env: NodeJS.ProcessEnv = {}): ServerSettings {
  const parsed = serverSettings(argv, env);
  if (parsed === 'help') throw new Error('help');
  return parsed;
}

const dist = fakeDist();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('relay settings', () => {
  it('default to the relay limits, read each variable, and a flag overrides it', () => {
    expect(settings([], {}).relay).toEqual(DEFAULT_RELAY_LIMITS);
    expect(settings([], RELAY_VARIABLES).relay).toEqual({
      maxSockets: 10,
      maxSocketsPerAddress: 1,
      maxAnswerBytes: 65536,
      highWaterBytes: 32768,
      idleTimeoutMs: 300,
    });
    expect(settings(['--relay-max-sockets-per-client', '7'], RELAY_VARIABLES).relay).toMatchObject({
      maxSocketsPerAddress: 7,
    });
  });

  it.each([
    ['INODE_RELAY_MAX_SOCKETS', '0', 'INODE_RELAY_MAX_SOCKETS: "0" must be a whole number from 1'],
    [
      'INODE_RELAY_MAX_ANSWER_BYTES',
      '16MB',
      'INODE_RELAY_MAX_ANSWER_BYTES: "16MB" must be a whole number',
    ],
    [
      'INODE_RELAY_IDLE_TIMEOUT_MS',
      '10',
      'INODE_RELAY_IDLE_TIMEOUT_MS: "10" must be a whole number from 100',
    ],
  ])('refuses %s=%s in one sentence naming it', (name, value, message) => {
    expect(() => settings([], { [name]: value })).toThrow(message);
  });

  it('are listed by --help with their defaults', () => {
    const help = helpText();
    for (const name of Object.keys(RELAY_VARIABLES)) expect(help).toContain(name);
    expect(help).toContain(`(default: ${DEFAULT_RELAY_LIMITS.maxAnswerBytes})`);
  });

  it('reach the production server’s relay: a second socket from one client closes 4002, a silent page 4003', async () => {
    const app = createProductionServer(
      settings(['--port', '0', '--access-log', 'off', '--emulator', 'on', '--dist', dist], {
        ...RELAY_VARIABLES,
        INODE_EMULATOR_DB: ':memory:',
      }),
    );
    const origin = new URL(await app.listen()).origin;
    try {
      const open = (options: WebSocket.ClientOptions) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(relayUrl(origin), { origin, ...options });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        });
      const closed = (ws: WebSocket) =>
        new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      const silent = await open({ autoPong: false });
      const silentClosed = closed(silent);
      const second = await open({});
      expect(await closed(second)).toBe(RELAY_CLOSE.addressFull);
      expect(await silentClosed).toBe(RELAY_CLOSE.idle);
    } finally {
      await app.shutdown();
    }
  });
});
