// A target over HTTPS: the proxy speaks TLS to it, checks its certificate against the trusted
// roots (NODE_EXTRA_CA_CERTS adds one at the process's start, as docs/deploy.md says), and turns
// a certificate it cannot trust into a 502 that names the problem. The certificate is a
// self-signed one for 127.0.0.1, made for these tests only (server/__fixtures__/tls).
import { readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDist } from '../__fixtures__/fake-dist.ts';
import { startServerProcess } from '../__fixtures__/server-process.ts';
import { startConsole } from './harness.ts';

const CERT = fileURLToPath(new URL('../__fixtures__/tls/test-target.crt', import.meta.url));
const KEY = fileURLToPath(new URL('../__fixtures__/tls/test-target.key', import.meta.url));

let target: https.Server;
let targetUrl: string;

beforeAll(async () => {
  target = https.createServer({ cert: readFileSync(CERT), key: readFileSync(KEY) }, (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`tls|${req.url}`);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(() => {
  target.closeAllConnections();
  target.close();
});

/** `npm start`'s server as its own process (NODE_EXTRA_CA_CERTS is read at start-up only). */
async function startProcess(env: NodeJS.ProcessEnv): Promise<{ origin: string; stop(): void }> {
  const dist = fakeDist('/');
  const args = ['--access-log', 'off', '--emulator', 'off', '--dist', dist, '--target', targetUrl];
  const removeDist = () => rmSync(dist, { recursive: true, force: true });
  const server = await startServerProcess(args, env).catch((error: unknown) => {
    removeDist();
    throw error;
  });
  return {
    origin: server.url,
    stop: () => {
      server.child.kill('SIGKILL');
      removeDist();
    },
  };
}

describe('a target over HTTPS', () => {
  it('is called over TLS when its certificate is trusted', async () => {
    const server = await startProcess({ NODE_EXTRA_CA_CERTS: CERT });
    try {
      const answer = await fetch(`${server.origin}/Inode.asmx?op=tls`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('tls|/Inode.asmx?op=tls');
    } finally {
      server.stop();
    }
  }, 30_000);

  it('answers 502 naming the certificate problem when its certificate is not trusted', async () => {
    const app = await startConsole(['--target', targetUrl]);
    try {
      const answer = await fetch(`${app.origin}/Inode.asmx?op=tls`);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('x-inode-console-error')).toBe('target-unreachable');
      expect(await answer.text()).toMatch(/self[- ]signed certificate/i);
    } finally {
      await app.close();
    }
  });
});
