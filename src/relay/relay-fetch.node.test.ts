/**
 * The page's relay transport where no relay answers: a browser without WebSocket, nothing
 * listening, a plain static host (answers the upgrade with a page), a server that never answers.
 * Each time the requests go over the plain fetch given, unchanged, and the reason is told.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import fc from 'fast-check';
import { consolePath, openRelay, relayUrl, type RelaySocket } from './relay-fetch.ts';

const connect = (url: string) =>
  new WebSocket(url, {
    origin: new URL(url).origin.replace('ws', 'http'),
  }) as unknown as RelaySocket;

let staticHost: http.Server;
let silent: net.Server;
const held: net.Socket[] = [];

function portOf(server: net.Server): number {
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  staticHost = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>index.html</title>');
  });
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => staticHost.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  staticHost.closeAllConnections();
  await new Promise((resolve) => staticHost.close(resolve));
  await new Promise((resolve) => silent.close(resolve));
});

describe('the relay transport without a relay', () => {
  it('builds the ws: or wss: URL below the base path', () => {
    expect(relayUrl('http://127.0.0.1:8080/tools/inode')).toBe(
      'ws://127.0.0.1:8080/tools/inode/__console/relay',
    );
    expect(relayUrl('https://console.example.org')).toBe(
      'wss://console.example.org/__console/relay',
    );
  });

  it('sends directly in a browser without WebSocket, passing the request on unchanged', async () => {
    const seen: unknown[] = [];
    const relay = await openRelay('ws://127.0.0.1:1/__console/relay', {
      fallback: (input, init) => {
        seen.push([input, init]);
        return Promise.resolve(new Response('direct'));
      },
      connect: () => {
        throw new Error('this browser has no WebSocket');
      },
    });
    expect(relay.transport()).toEqual({ kind: 'direct', reason: 'this browser has no WebSocket' });
    const init = { method: 'POST', body: '<x/>', headers: { 'X-Inode-Target': 'remote' } };
    expect(await (await relay.fetch('http://127.0.0.1:1/Inode.asmx', init)).text()).toBe('direct');
    expect(seen).toEqual([['http://127.0.0.1:1/Inode.asmx', init]]);
  });

  it.each([
    ['nothing listens', () => 1],
    ['a static host answers with its page', () => portOf(staticHost)],
  ])('sends directly when %s', async (_name, port) => {
    const relay = await openRelay(`ws://127.0.0.1:${port()}/__console/relay`, {
      fallback: () => Promise.resolve(new Response('direct')),
      connect,
    });
    expect(relay.transport()).toEqual({
      kind: 'direct',
      reason: 'the console server has no relay here, or refused it',
    });
    expect(await (await relay.fetch(`http://127.0.0.1:${port()}/Inode.asmx`)).text()).toBe(
      'direct',
    );
  });

  it('gives up on a server that never answers the upgrade', async () => {
    const relay = await openRelay(`ws://127.0.0.1:${portOf(silent)}/__console/relay`, {
      fallback: () => Promise.resolve(new Response('direct')),
      connect,
      openTimeoutMs: 200,
    });
    expect(relay.transport()).toEqual({
      kind: 'direct',
      reason: "the console server's relay did not answer within 200 ms",
    });
  });
});

describe('consolePath', () => {
  const relay = 'ws://console.example:8080/base/__console/relay';
  const pathOf = consolePath(relay);
  const parsed = (input: string) => {
    const target = new URL(input, relay);
    return target.host === 'console.example:8080' ? `${target.pathname}${target.search}` : null;
  };

  it('gives what the URL parser gives, for any text after the console origin', () => {
    const piece = fc.constantFrom(
      'a',
      '/',
      '.',
      '..',
      '?',
      '#',
      '%2e',
      '%2E',
      '%20',
      ' ',
      '\\',
      'é',
      '=',
      '&',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const input = `http://console.example:8080/${pieces.join('')}`;
        expect(pathOf(input)).toBe(parsed(input));
      }),
      { numRuns: 2_000 },
    );
  });

  it('sends other hosts, and the same host by another name, the way the URL parser decides', () => {
    for (const input of [
      'http://elsewhere.example/Inode.asmx',
      'HTTP://CONSOLE.EXAMPLE:8080/Inode.asmx',
      'http://console.example:8080/Inode.asmx/GetAssetStubs?OpenIDKey=k&AssetType=',
      '/Inode.asmx',
    ]) {
      expect(pathOf(input)).toBe(parsed(input));
    }
  });
});
