// Protocol behaviour of the handler beyond the captures: the fault hook on every binding, a
// non-default namespace and prefix, limits, stalled clients, fault injection, escaping in the
// help pages, and robustness against garbage.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { soapRequest } from '../fixtures/soap-request.ts';
import { startEmulator, type RunningEmulator } from './server.ts';

const NAMESPACE = 'urn:example:custom-inode';
const PREFIX = 'Acme';
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    db: ':memory:',
    namespace: NAMESPACE,
    resultPrefix: PREFIX,
    maxRequestBytes: 64 * 1024,
    bodyTimeoutMs: 300,
  });
});
afterAll(() => emulator.close());

function soap(version: '1.1' | '1.2', operation: string, inner: string): RequestInit {
  return soapRequest(NAMESPACE, version, operation, inner);
}

/** Raw exchange over a socket: what a stalling or oversized client does. */
function rawExchange(payload: string, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(emulator.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
    socket.write(payload);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

describe('a non-default namespace and result prefix', () => {
  it('names them in the WSDL and uses them on every binding', async () => {
    const wsdl = await (await fetch(`${emulator.url}?WSDL`)).text();
    expect(wsdl).toContain(`targetNamespace="${NAMESPACE}"`);
    expect(wsdl).toContain(`<s:complexType name="${PREFIX}_Inode">`);
    expect(wsdl).toContain(`<soap:address location="${emulator.url}" />`);
    const get = await (
      await fetch(
        `${emulator.url}/GetAssetStubs?OpenIDKey=demo-bob-key&AssetType=&OtherFilterCriteria=`,
      )
    ).text();
    expect(get).toContain(
      `<${PREFIX}_Inode xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="${NAMESPACE}">`,
    );
    const soap12 = await fetch(
      emulator.url,
      soap('1.2', 'GetAssetStubs', '<OpenIDKey>demo-bob-key</OpenIDKey>'),
    );
    expect(soap12.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8');
    expect(await soap12.text()).toContain(
      `<GetAssetStubsResponse xmlns="${NAMESPACE}"><GetAssetStubsResult><Success>true</Success>`,
    );
  });
});

describe('the !fault hook', () => {
  it('gives each binding its fault form', async () => {
    const inner = '<OpenIDKey>demo-bob-key</OpenIDKey><AssetType>!fault</AssetType>';
    const s11 = await fetch(emulator.url, soap('1.1', 'GetAssetStubs', inner));
    expect(s11.status).toBe(500);
    expect(await s11.text()).toContain(
      '<faultcode>soap:Server</faultcode><faultstring>System.Web.Services.Protocols.SoapException: Server was unable to process request. ---&gt; System.ApplicationException: GetAssetStubs was asked to fail',
    );
    const s12 = await fetch(emulator.url, soap('1.2', 'GetAssetStubs', inner));
    expect(await s12.text()).toContain('<soap:Value>soap:Receiver</soap:Value>');
    const get = await fetch(
      `${emulator.url}/GetAssetStubs?OpenIDKey=x&AssetType=!fault&OtherFilterCriteria=`,
    );
    expect(get.status).toBe(500);
    expect(get.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await get.text()).toMatch(
      /^System\.ApplicationException: GetAssetStubs was asked to fail.*\n {3}at Inode\.GetAssetStubs/,
    );
    const post = await fetch(`${emulator.url}/GetAssetStubs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'OpenIDKey=x&AssetType=%21fault&OtherFilterCriteria=',
    });
    expect(post.status).toBe(500);
  });
});

describe('limits and hostile clients', () => {
  it('answers 413 to an oversized declared body without waiting for it', async () => {
    const answer = await rawExchange(
      `POST /Inode.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n<a>`,
      2000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('answers 413 to an oversized chunked body once the limit is crossed', async () => {
    const chunk = 'x'.repeat(32 * 1024);
    const chunks = Array.from(
      { length: 3 },
      () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    ).join('');
    const answer = await rawExchange(
      `POST /Inode.asmx/AddUserAssetIndex HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`,
      2000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('times out a client that stops sending its body (408) and keeps serving others', async () => {
    const answer = await rawExchange(
      'POST /Inode.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 100\r\n\r\n<soap:',
      3000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await fetch(`${emulator.url}?wsdl`)).status).toBe(200);
  });

  it('refuses huge headers and survives uploads abandoned halfway, on every path', async () => {
    const huge = await rawExchange(
      `GET /Inode.asmx?WSDL HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
      2000,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 4\d\d /);
    for (const target of ['/Inode.asmx', '/Inode.asmx/AddUserAssetIndex']) {
      await rawExchange(
        `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 5000\r\n\r\n<soap:Envelope`,
        50,
      );
    }
    expect((await fetch(`${emulator.url}?WSDL`)).status).toBe(200);
  });

  it('survives garbage: random bytes, bad URLs, odd methods', async () => {
    const bytes = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
    const withAction = { 'Content-Type': 'text/xml', SOAPAction: `"${NAMESPACE}GetAssetStubs"` };
    expect(
      (await fetch(emulator.url, { method: 'POST', headers: withAction, body: bytes })).status,
    ).toBe(400);
    expect(
      (
        await fetch(emulator.url, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml' },
          body: bytes,
        })
      ).status,
    ).toBe(500);
    expect(
      (
        await fetch(emulator.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/soap+xml' },
          body: bytes,
        })
      ).status,
    ).toBe(500);
    expect((await fetch(`${emulator.url}/%E0%A4%A`)).status).toBe(500);
    expect((await fetch(emulator.url, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${emulator.origin}/elsewhere`)).status).toBe(404);
    await rawExchange('NONSENSE\r\n\r\n', 300);
    expect((await fetch(`${emulator.url}?WSDL`)).status).toBe(200);
  });
});

describe('documentation pages', () => {
  it('lists both operations, and each operation page shows samples for all four bindings', async () => {
    const page = await (await fetch(emulator.url)).text();
    expect(page).toContain('href="Inode.asmx?op=GetAssetStubs"');
    expect(page).toContain('href="Inode.asmx?op=AddUserAssetIndex"');
    const op = await (await fetch(`${emulator.url}?op=AddUserAssetIndex`)).text();
    for (const heading of ['SOAP 1.1', 'SOAP 1.2', 'HTTP GET', 'HTTP POST'])
      expect(op).toContain(`<h3>${heading}</h3>`);
    expect(op).toContain(`SOAPAction: &quot;${NAMESPACE}AddUserAssetIndex&quot;`);
    expect(op).toContain(
      '&lt;AddUserAssetIndexResult&gt;<font class="value">string</font>&lt;/AddUserAssetIndexResult&gt;',
    );
  });

  it('escapes what comes from the request (Host) in pages and the WSDL', async () => {
    const answer = await rawExchange(
      'GET /Inode.asmx?op=GetAssetStubs HTTP/1.1\r\nHost: <script>x</script>\r\nConnection: close\r\n\r\n',
      2000,
    );
    expect(answer).not.toContain('<script>x</script>');
    expect(answer).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('serves ?disco with addresses from the Host header', async () => {
    const disco = await (await fetch(`${emulator.url}?disco`)).text();
    expect(disco).toContain(`<contractRef ref="${emulator.url}?wsdl" docRef="${emulator.url}"`);
  });
});

describe('fault injection (test-only control)', () => {
  it('answers with a 500 HTML page, a truncated body or a reset, as configured', async () => {
    const url = `${emulator.url}/GetAssetStubs?OpenIDKey=demo-bob-key&AssetType=&OtherFilterCriteria=`;
    try {
      emulator.handler.setFaultInjection({
        latencyMs: 0,
        errorShare: 1,
        truncateShare: 0,
        resetShare: 0,
      });
      const error = await fetch(url);
      expect(error.status).toBe(500);
      expect(error.headers.get('content-type')).toBe('text/html');
      emulator.handler.setFaultInjection({
        latencyMs: 0,
        errorShare: 0,
        truncateShare: 1,
        resetShare: 0,
      });
      await expect(fetch(url).then((r) => r.text())).rejects.toThrow();
      emulator.handler.setFaultInjection({
        latencyMs: 0,
        errorShare: 0,
        truncateShare: 0,
        resetShare: 1,
      });
      await expect(fetch(url)).rejects.toThrow();
      emulator.handler.setFaultInjection({
        latencyMs: 150,
        errorShare: 0,
        truncateShare: 0,
        resetShare: 0,
      });
      const started = performance.now();
      expect((await fetch(url)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      emulator.handler.setFaultInjection(null);
    }
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('HTTP GET/POST switched off (the .NET default for remote callers)', () => {
  it('answers the operation URLs with the "Request format is unrecognized" page and drops them from the WSDL', async () => {
    const off = await startEmulator({ port: 0, db: ':memory:', httpBindings: false });
    try {
      const answer = await fetch(
        `${off.url}/GetAssetStubs?OpenIDKey=a&AssetType=&OtherFilterCriteria=`,
      );
      expect(answer.status).toBe(500);
      expect(await answer.text()).toContain(
        'Request format is unrecognized for URL unexpectedly ending in &#39;/GetAssetStubs&#39;.',
      );
      const wsdl = await (await fetch(`${off.url}?WSDL`)).text();
      expect(wsdl).not.toContain('InodeHttpGet');
      expect(wsdl).toContain('InodeSoap12');
    } finally {
      await off.close();
    }
  });
});

describe('an internal failure', () => {
  it('becomes the binding\u2019s exception answer, nothing logs the key, and the process keeps serving', async () => {
    const broken = await startEmulator({ port: 0, db: ':memory:' });
    const logged: string[] = [];
    const capture = (...args: unknown[]): void => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.stack}` : String(a))).join(' '));
    };
    const spies = [
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'log').mockImplementation(capture),
    ];
    try {
      broken.handler.store.close();
      const key = 'never-log-this-key';
      const answer = await fetch(
        `${broken.url}/GetAssetStubs?OpenIDKey=${key}&AssetType=&OtherFilterCriteria=`,
      );
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await answer.text();
      expect(text).toMatch(/^System\.Exception: The database connection is not open\n/);
      expect(text).not.toContain(key);
      expect(logged.join('\n')).not.toContain(key);
      expect((await fetch(`${broken.url}?WSDL`)).status).toBe(200);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await new Promise<void>((resolve) => {
        broken.server.close(() => resolve());
        broken.server.closeAllConnections();
      });
    }
  });
});

describe('a client that stops reading a large answer', () => {
  it('is cut off after the idle timeout instead of holding the answer in memory', async () => {
    const big = await startEmulator({
      port: 0,
      db: ':memory:',
      seedStubs: 50_000,
      bodyTimeoutMs: 300,
    });
    const socket = net.connect(big.port, '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.pause();
      socket.write(
        'GET /Inode.asmx/GetAssetStubs?OpenIDKey=seed-stubs&AssetType=&OtherFilterCriteria= HTTP/1.1\r\nHost: x\r\n\r\n',
      );
      const connections = (): Promise<number> =>
        new Promise((resolve) => big.server.getConnections((_error, count) => resolve(count)));
      let open = await connections();
      expect(open).toBe(1);
      for (let waited = 0; open > 0 && waited < 5_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        open = await connections();
      }
      expect(open).toBe(0);
    } finally {
      socket.destroy();
      await big.close();
    }
  });
});
