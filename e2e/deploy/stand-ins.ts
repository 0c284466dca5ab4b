/**
 * Stand-ins the deployment specs start in their own process: the Inode.asmx service (the
 * embedded emulator) recording the headers of every request it gets, and an identity-aware
 * proxy with oauth2-proxy's nginx contract (GET /oauth2/auth: 202 with its cookie, else 401;
 * /oauth2/sign_in: a page; /oauth2/start: sets the cookie and goes back to the page).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulatorHandler } from '../../emulator/handler.ts';
import type { Running } from './servers.ts';

export interface RecordingService extends Running {
  /** Method, path and headers of each request the service got, oldest first. */
  readonly seen: readonly { method: string; url: string; headers: IncomingHttpHeaders }[];
}

async function listen(server: http.Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: http.Server, after: () => void = () => undefined) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        after();
        resolve();
      });
    });
}

/** `port`: 0 for any, or the port of a service stopped earlier, to bring it back. */
export async function startRecordingService(port = 0): Promise<RecordingService> {
  const handler = createEmulatorHandler({ db: ':memory:' });
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  const origin = await listen(server, port);
  return { origin, seen, stop: closer(server, () => handler.close()) };
}

export const IDENTITY_COOKIE = '_oauth2_proxy';

export interface IdentityProxy extends Running {
  /** The cookie value that counts as signed in. */
  readonly session: string;
  /** How many times nginx asked /oauth2/auth. */
  authQuestions(): number;
}

export async function startIdentityProxy(): Promise<IdentityProxy> {
  const session = `session-${Date.now()}`;
  let questions = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/oauth2/auth') {
      questions += 1;
      const signedIn = (req.headers.cookie ?? '')
        .split(';')
        .some((pair) => pair.trim() === `${IDENTITY_COOKIE}=${session}`);
      res.writeHead(signedIn ? 202 : 401).end();
      return;
    }
    if (path === '/oauth2/sign_in') {
      // nginx tells where the operator was going; the start link brings them back there.
      const back = String(req.headers['x-auth-request-redirect'] ?? '/');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Sign in</title><h1>Sign in</h1><a href="/oauth2/start?rd=${encodeURIComponent(back)}">Sign in with the company account</a>`,
      );
      return;
    }
    if (path === '/oauth2/start') {
      const back = new URL(req.url ?? '/', 'http://x').searchParams.get('rd') ?? '/';
      res.writeHead(302, {
        'Set-Cookie': `${IDENTITY_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax`,
        Location: back.startsWith('/') && !back.startsWith('//') ? back : '/',
      });
      res.end();
      return;
    }
    res.writeHead(404).end();
  });
  const origin = await listen(server);
  return { origin, session, authQuestions: () => questions, stop: closer(server) };
}
