// The page's side of the relay's close codes: a socket the console server closes with one of
// them leaves the transport saying why, in the console's words, and rejects the calls in flight
// with the same sentence (never a bare "connection closed").
import { describe, expect, it } from 'vitest';
import { openRelay, type RelayCloseEvent, type RelaySocket } from './relay-fetch.ts';
import { RELAY_CLOSE } from './relay-close.ts';

/** A socket that opens at once and closes when told, as the server would. */
function scriptedSocket() {
  const listeners = new Map<string, ((event: never) => void)[]>();
  const socket = {
    binaryType: 'blob',
    readyState: 0,
    sent: 0,
    send() {
      socket.sent += 1;
    },
    close() {},
    addEventListener(type: string, listener: (event: never) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  const emit = (type: string, event: unknown): void => {
    for (const listener of listeners.get(type) ?? []) listener(event as never);
  };
  return {
    socket,
    open() {
      socket.readyState = 1;
      emit('open', {});
    },
    close(event: RelayCloseEvent) {
      socket.readyState = 3;
      emit('close', event);
    },
  };
}

describe('a relay closed by the console server', () => {
  it.each([
    [
      RELAY_CLOSE.serverFull,
      'at most 1024 relay connections',
      /as many bulk relay connections as it allows \(at most 1024/,
    ],
    [
      RELAY_CLOSE.addressFull,
      'at most 64 per address',
      /this computer already has as many bulk relay connections.*close another bulk job's tab/,
    ],
    [
      RELAY_CLOSE.idle,
      'no answer for 60000 ms',
      /this page answered nothing for too long \(no answer for 60000 ms\)/,
    ],
    [RELAY_CLOSE.notRelayMessage, 'Not a relay message', /a message that is not a relay call/],
    [RELAY_CLOSE.tooLarge, 'Max payload size exceeded', /a request was larger than it accepts/],
    [
      RELAY_CLOSE.shuttingDown,
      'The console server is shutting down',
      /^the console server is shutting down$/,
    ],
  ])(
    'says why for close code %i, for the transport and the call in flight',
    async (code, reason, said) => {
      const scripted = scriptedSocket();
      const opening = openRelay('ws://console.test/__console/relay', {
        fallback: () => Promise.resolve(new Response('direct')),
        connect: () => scripted.socket as unknown as RelaySocket,
      });
      scripted.open();
      const relay = await opening;
      const inFlight = relay.fetch('http://console.test/Inode.asmx', {
        method: 'POST',
        body: '<x/>',
      });
      await expect.poll(() => scripted.socket.sent).toBe(1);
      scripted.close({ code, reason });
      await expect(inFlight).rejects.toThrow(said);
      expect(relay.transport()).toEqual({
        kind: 'direct',
        reason: expect.stringMatching(said) as unknown,
      });
      expect(relay.transport()).not.toMatchObject({
        reason: expect.stringContaining('connection closed') as unknown,
      });
    },
  );
});
