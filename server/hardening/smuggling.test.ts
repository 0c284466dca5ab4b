// Request smuggling, tried with raw sockets against the production server in front of a raw
// upstream that counts what it parses: no ambiguous framing ever reaches the target as a second
// request, nor yields a second answer on the caller's socket; and callers sharing the pooled
// keep-alive connections each get the answer to their own request.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printFigures, startConsole, rssMb, type Console } from './harness.ts';
import { countResponses, rawExchange, startRawUpstream, type RawUpstream } from './raw-upstream.ts';

let upstream: RawUpstream;
let console_: Console;
const figures: Array<[string, string]> = [];

beforeAll(async () => {
  upstream = await startRawUpstream();
  console_ = await startConsole(['--target', upstream.origin, '--upstream-max-sockets', '4']);
});

afterAll(async () => {
  await console_.close();
  await upstream.close();
  printFigures('smuggling', figures);
});

const SMUGGLED = 'GET /secret/other HTTP/1.1\r\nHost: internal\r\n\r\n';
const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;

/** Ambiguous or forbidden framings; each carries a second request where a lenient reader would find one. */
function corpus(host: string): Array<[string, string]> {
  const head = (lines: string) =>
    `${lines}\r\nHost: ${host}\r\nContent-Type: text/xml\r\nConnection: keep-alive\r\n\r\n`;
  const post = 'POST /Inode.asmx/GetAssetStubs?t=p HTTP/1.1';
  const get = 'GET /Inode.asmx?t=g HTTP/1.1';
  const chunkedSmuggle = `${chunk(SMUGGLED)}0\r\n\r\n`;
  return [
    [
      'CL.TE',
      head(`${post}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked`) + `0\r\n\r\n${SMUGGLED}`,
    ],
    ['TE.CL', head(`${post}\r\nTransfer-Encoding: chunked\r\nContent-Length: 4`) + chunkedSmuggle],
    ['TE: xchunked', head(`${post}\r\nTransfer-Encoding: xchunked`) + chunkedSmuggle],
    [
      'TE: chunked, identity',
      head(`${post}\r\nTransfer-Encoding: chunked, identity`) + chunkedSmuggle,
    ],
    [
      'TE: identity, chunked',
      head(`${post}\r\nTransfer-Encoding: identity, chunked`) + chunkedSmuggle,
    ],
    [
      'TE duplicated',
      head(`${post}\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked`) + chunkedSmuggle,
    ],
    [
      'TE duplicated, one odd',
      head(`${post}\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: x`) + chunkedSmuggle,
    ],
    ['TE upper case', head(`${post}\r\nTransfer-Encoding: CHUNKED`) + chunkedSmuggle],
    ['TE with space before colon', head(`${post}\r\nTransfer-Encoding : chunked`) + chunkedSmuggle],
    ['TE with a vertical tab', head(`${post}\r\nTransfer-Encoding:\x0bchunked`) + chunkedSmuggle],
    ['TE obs-fold', head(`${post}\r\nTransfer-Encoding: identity\r\n chunked`) + chunkedSmuggle],
    ['CL obs-fold', head(`${post}\r\nContent-Length: 0\r\n ${SMUGGLED.length}`) + SMUGGLED],
    [
      'CL duplicated, differing',
      head(`${post}\r\nContent-Length: 0\r\nContent-Length: ${SMUGGLED.length}`) + SMUGGLED,
    ],
    [
      'CL duplicated, equal',
      head(`${post}\r\nContent-Length: ${SMUGGLED.length}\r\nContent-Length: ${SMUGGLED.length}`) +
        SMUGGLED,
    ],
    ['CL with a plus sign', head(`${post}\r\nContent-Length: +${SMUGGLED.length}`) + SMUGGLED],
    ['CL negative', head(`${post}\r\nContent-Length: -1`) + SMUGGLED],
    ['CL with inner space', head(`${post}\r\nContent-Length: 1 0`) + SMUGGLED],
    ['CL in hex', head(`${post}\r\nContent-Length: 0x${SMUGGLED.length.toString(16)}`) + SMUGGLED],
    ['CL list', head(`${post}\r\nContent-Length: ${SMUGGLED.length}, 0`) + SMUGGLED],
    ['GET with CL body', head(`${get}\r\nContent-Length: ${SMUGGLED.length}`) + SMUGGLED],
    ['GET with chunked body', head(`${get}\r\nTransfer-Encoding: chunked`) + chunkedSmuggle],
    [
      'HEAD with CL body',
      head(`HEAD /Inode.asmx?t=h HTTP/1.1\r\nContent-Length: ${SMUGGLED.length}`) + SMUGGLED,
    ],
    [
      'DELETE with chunked body',
      head(`DELETE /Inode.asmx?t=d HTTP/1.1\r\nTransfer-Encoding: chunked`) + chunkedSmuggle,
    ],
    [
      'OPTIONS with CL body',
      head(`OPTIONS /Inode.asmx?t=o HTTP/1.1\r\nContent-Length: ${SMUGGLED.length}`) + SMUGGLED,
    ],
  ];
}

describe('request smuggling corpus (raw sockets)', () => {
  it('refuses every ambiguous framing with one 400, and nothing reaches the target', async () => {
    const cases = corpus(`127.0.0.1:${console_.port}`);
    const rssBefore = rssMb();
    const before = upstream.seen.length;
    for (const [name, bytes] of cases) {
      const answer = await rawExchange(console_.port, bytes);
      expect(answer.slice(0, 12), name).toBe('HTTP/1.1 400');
      expect(countResponses(answer), `${name}: ${answer}`).toBe(1);
    }
    const reached = upstream.seen.slice(before);
    expect(reached.map((r) => r.target)).toEqual([]);
    figures.push(
      ['smuggling inputs tried', String(cases.length)],
      ['requests seen upstream for them', String(reached.length)],
      ['RSS before/after corpus (MB)', `${rssBefore} / ${rssMb()}`],
    );
  });

  it('forwards a plain body that merely contains a request as one request with its own length', async () => {
    const host = `127.0.0.1:${console_.port}`;
    const before = upstream.seen.length;
    const byLength = await rawExchange(
      console_.port,
      `POST /Inode.asmx/Op?t=cl HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${SMUGGLED.length}\r\nConnection: close\r\n\r\n${SMUGGLED}`,
    );
    const chunked = await rawExchange(
      console_.port,
      `POST /Inode.asmx/Op?t=te HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk(SMUGGLED)}0\r\n\r\n`,
    );
    expect(byLength).toMatch(/^HTTP\/1\.1 200 /);
    expect(chunked).toMatch(/^HTTP\/1\.1 200 /);
    expect(countResponses(byLength) + countResponses(chunked)).toBe(2);
    const reached = upstream.seen.slice(before);
    expect(
      reached.map((r) => [
        r.target,
        r.headers['content-length'],
        r.headers['transfer-encoding'],
        r.body,
      ]),
    ).toEqual([
      ['/Inode.asmx/Op?t=cl', String(SMUGGLED.length), undefined, SMUGGLED],
      ['/Inode.asmx/Op?t=te', String(SMUGGLED.length), undefined, SMUGGLED],
    ]);
  });
});

describe('callers sharing the pooled upstream connections', () => {
  it('each get the answer to their own request (property)', async () => {
    const call = fc.record({
      method: fc.constantFrom('GET', 'POST'),
      body: fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    });
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 40 }), async (batch) => {
        const answers = await Promise.all(
          batch.map(async ({ method, body }, index) => {
            const token = `${calls}-${index}-${Math.random().toString(36).slice(2)}`;
            const sent = method === 'POST' ? body : '';
            const response = await fetch(`${console_.origin}/Inode.asmx/Op?t=${token}`, {
              method,
              ...(method === 'POST'
                ? { body: sent, headers: { 'Content-Type': 'text/plain' } }
                : {}),
            });
            return { expected: `${token}|${sent}`, got: await response.text() };
          }),
        );
        calls += batch.length;
        for (const { expected, got } of answers) expect(got).toBe(expected);
      }),
      { numRuns: 25 },
    );
    figures.push(
      ['concurrent-caller calls (4 pooled sockets)', String(calls)],
      ['upstream connections opened for them', String(upstream.connections())],
    );
  });
});
