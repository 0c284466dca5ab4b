// Emulator benchmark (npm run bench -- emulator). The emulator runs in a child process (the
// CLI, on a file database with WAL + synchronous=FULL and 100,000 seeded stubs); autocannon
// loads it from this process over loopback, so load and server are separate processes. The
// same-run baseline is a bare node:http server in its own child process, measured the same way.
// Figures depend on the machine (2 shared cores here): compare the ratios, not the numbers.
// Then, at 30,000 stubs (~12 MB), time to first and to last byte of GetAssetStubs on every
// binding, streamed (the default) beside the old whole-answer path (`--buffered`), each in its
// own child process, rounds alternating. Then the same answers from an emulator that keeps its
// stubs' markup between calls (the default) beside one that derives every answer again
// (`--stub-memo-mib 0`): the last byte and the emulator's CPU per call.
// BENCH_EMULATOR_PART=load|stream|memo runs one part only.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median } from './support/median.ts';
import { processCpuMs } from './support/process-cpu.ts';
import { startEmulator, startUntil, stopAll } from './support/process.ts';
import { tableRow } from './support/table.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = 10;
const NS = 'http://emulator.inode.example/';
const COLUMNS = [36, 9, 7, 7, 7, 12];

/** A bare node:http server: "hello" for the load baseline, a 40 MB buffer for the transfer one. */
async function startBaselineChild(bigBytes: number): Promise<string> {
  const code = `
    const http = require('node:http');
    const big = Buffer.alloc(${bigBytes}, 120);
    const server = http.createServer((req, res) => {
      const body = req.url === '/big' ? big : Buffer.from('<?xml version="1.0"?><hello />');
      req.resume();
      req.on('end', () => { res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': body.length }); res.end(body); });
    });
    server.listen(0, '127.0.0.1', () => console.log('baseline on http://127.0.0.1:' + server.address().port));`;
  const { match } = await startUntil(process.execPath, ['-e', code], {
    ready: /baseline on (\S+)\n/,
    name: 'baseline server',
  });
  return match[1]!;
}

interface Load {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function measure(
  load: Load,
): Promise<{ rps: number; p50: number; p99: number; bad: number }> {
  const result = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(load.headers ? { headers: load.headers } : {}),
    ...(load.body ? { body: load.body } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

function soapLoad(
  label: string,
  url: string,
  version: '1.1' | '1.2',
  op: string,
  inner: string,
): Load {
  const envelope =
    version === '1.1'
      ? 'http://schemas.xmlsoap.org/soap/envelope/'
      : 'http://www.w3.org/2003/05/soap-envelope';
  return {
    label,
    url,
    method: 'POST',
    headers:
      version === '1.1'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}${op}"` }
        : { 'Content-Type': 'application/soap+xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}"><soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`,
  };
}

async function timeDownload(
  url: string,
  init: RequestInit = {},
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

const STREAM_STUBS = Number(process.env.BENCH_EMULATOR_STREAM_STUBS ?? 30_000);
const STREAM_ROUNDS = Number(process.env.BENCH_EMULATOR_STREAM_ROUNDS ?? 7);

interface Timed {
  firstMs: number;
  lastMs: number;
  bytes: number;
  chunked: boolean;
}

/** One call on a fresh connection: ms to the first body byte and to the last. */
function timeBytes(
  url: string,
  call: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<Timed> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstMs = NaN;
    let bytes = 0;
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: call.path,
        method: call.method,
        headers: call.headers,
        agent: false,
      },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstMs = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${call.path}: ${res.statusCode}`));
          else
            resolve({
              firstMs,
              lastMs: performance.now() - started,
              bytes,
              chunked: res.headers['transfer-encoding'] === 'chunked',
            });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

function stubsCalls(): Array<
  [string, { method: string; path: string; headers: Record<string, string>; body?: string }]
> {
  const form = 'OpenIDKey=seed-stubs&AssetType=&OtherFilterCriteria=';
  const inner = '<OpenIDKey>seed-stubs</OpenIDKey>';
  const soap = (version: '1.1' | '1.2') => {
    const load = soapLoad('', '', version, 'GetAssetStubs', inner);
    return {
      method: 'POST',
      path: '/Inode.asmx',
      headers: load.headers ?? {},
      body: load.body ?? '',
    };
  };
  return [
    ['SOAP 1.1', soap('1.1')],
    ['SOAP 1.2', soap('1.2')],
    ['HTTP GET', { method: 'GET', path: `/Inode.asmx/GetAssetStubs?${form}`, headers: {} }],
    [
      'HTTP POST',
      {
        method: 'POST',
        path: '/Inode.asmx/GetAssetStubs',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      },
    ],
  ];
}

/** Streamed beside buffered at STREAM_STUBS stubs, every binding, rounds alternating. */
async function streamingPart(dir: string): Promise<void> {
  const [{ origin: streamed }, { origin: buffered }] = await Promise.all([
    startEmulator({ db: join(dir, 'streamed.sqlite'), seedStubs: STREAM_STUBS }),
    startEmulator({
      db: join(dir, 'buffered.sqlite'),
      seedStubs: STREAM_STUBS,
      flags: ['--buffered'],
    }),
  ]);
  console.log(
    `\n${STREAM_STUBS.toLocaleString('en')}-stub GetAssetStubs, ${STREAM_ROUNDS} rounds (streamed and buffered alternating, a fresh connection each), median ms:`,
  );
  console.log(
    tableRow(
      [
        'binding',
        'bytes',
        'framing',
        'first byte',
        'last byte',
        'buffered 1st',
        'buffered last',
        'first byte ×',
      ],
      [10, 11, 8, 11, 10, 13, 14, 13],
    ),
  );
  for (const [label, call] of stubsCalls()) {
    // One warm-up each: the first call pays for JIT and the page cache.
    await timeBytes(streamed, call);
    await timeBytes(buffered, call);
    const s: Timed[] = [];
    const b: Timed[] = [];
    for (let round = 0; round < STREAM_ROUNDS; round++) {
      s.push(await timeBytes(streamed, call));
      b.push(await timeBytes(buffered, call));
    }
    const m = (runs: Timed[], key: 'firstMs' | 'lastMs'): number => median(runs.map((r) => r[key]));
    console.log(
      tableRow(
        [
          label,
          (s[0]?.bytes ?? 0).toLocaleString('en'),
          s[0]?.chunked ? 'chunked' : 'length',
          m(s, 'firstMs').toFixed(1),
          m(s, 'lastMs').toFixed(1),
          m(b, 'firstMs').toFixed(1),
          m(b, 'lastMs').toFixed(1),
          `${(m(b, 'firstMs') / m(s, 'firstMs')).toFixed(1)}×`,
        ],
        [10, 11, 8, 11, 10, 13, 14, 13],
      ),
    );
  }
}

/** A call's last byte and the emulator's CPU for it (null where /proc cannot tell). */
async function timeWithCpu(
  emulator: { origin: string; child: { pid?: number | undefined } },
  call: Parameters<typeof timeBytes>[1],
): Promise<{ lastMs: number; cpuMs: number | null }> {
  const before = processCpuMs(emulator.child.pid);
  const { lastMs } = await timeBytes(emulator.origin, call);
  const after = processCpuMs(emulator.child.pid);
  return { lastMs, cpuMs: before === null || after === null ? null : after - before };
}

/**
 * Kept stubs' markup beside every answer derived again, at STREAM_STUBS stubs: the first call
 * (nothing kept yet), then rounds alternating after one warm-up each.
 */
async function memoPart(dir: string): Promise<void> {
  const [kept, derived] = await Promise.all([
    startEmulator({ db: join(dir, 'kept.sqlite'), seedStubs: STREAM_STUBS }),
    startEmulator({
      db: join(dir, 'derived.sqlite'),
      seedStubs: STREAM_STUBS,
      flags: ['--stub-memo-mib', '0'],
    }),
  ]);
  const columns = [10, 13, 12, 12, 12, 12, 10];
  console.log(
    `\n${STREAM_STUBS.toLocaleString('en')}-stub GetAssetStubs, the stubs' markup kept between calls (the default) beside derived again (--stub-memo-mib 0), ${STREAM_ROUNDS} rounds alternating, last byte median, CPU the emulator's mean per call (user + system, /proc); first call: last byte / CPU:`,
  );
  console.log(
    tableRow(
      ['binding', 'first call', 'kept: last', 'kept: CPU', 'again: last', 'again: CPU', 'CPU ×'],
      columns,
    ),
  );
  const ms = (value: number | null): string => (value === null ? '–' : value.toFixed(0));
  for (const [label, call] of stubsCalls()) {
    const first = await timeWithCpu(kept, call);
    await timeWithCpu(derived, call);
    const k: Array<{ lastMs: number; cpuMs: number | null }> = [];
    const d: typeof k = [];
    for (let round = 0; round < STREAM_ROUNDS; round++) {
      k.push(await timeWithCpu(kept, call));
      d.push(await timeWithCpu(derived, call));
    }
    const lastMs = (runs: typeof k): number => median(runs.map((r) => r.lastMs));
    // /proc counts CPU in ticks of 10 ms: the mean over the rounds is finer than any one call.
    const cpuMs = (runs: typeof k): number | null =>
      runs.some((r) => r.cpuMs === null)
        ? null
        : runs.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0) / runs.length;
    const keptCpu = cpuMs(k);
    const againCpu = cpuMs(d);
    console.log(
      tableRow(
        [
          label,
          `${first.lastMs.toFixed(0)} / ${ms(first.cpuMs)}`,
          ms(lastMs(k)),
          ms(keptCpu),
          ms(lastMs(d)),
          ms(againCpu),
          keptCpu && againCpu ? `${(againCpu / keptCpu).toFixed(1)}×` : '–',
        ],
        columns,
      ),
    );
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'inode-bench-'));
  const part = process.env.BENCH_EMULATOR_PART ?? 'all';
  try {
    if (part === 'stream') {
      await streamingPart(dir);
      return;
    }
    if (part === 'memo') {
      await memoPart(dir);
      return;
    }
    const seedStarted = performance.now();
    const emulator = await startEmulator({ db: join(dir, 'bench.sqlite'), seedStubs: 100_000 });
    const { url } = emulator;
    const startup = /ready in (\d+ ms)/.exec(emulator.line)?.[1] ?? '?';
    const spawnToReady = performance.now() - seedStarted;
    const baseline = await startBaselineChild(41_205_641);
    console.log(
      `Emulator child ready (seeded 100,000 stubs into a fresh file DB) in ${startup} (${Math.round(spawnToReady)} ms from spawn)`,
    );
    console.log(
      `Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case, loopback, separate processes\n`,
    );

    const small = 'OpenIDKey=demo-bob-key&AssetType=&OtherFilterCriteria=';
    const smallInner =
      '<OpenIDKey>demo-bob-key</OpenIDKey><AssetType></AssetType><OtherFilterCriteria></OtherFilterCriteria>';
    const addInner =
      '<OpenIDKey>demo-empty-key</OpenIDKey><ServiceURI>https://bench.example.org/a.png</ServiceURI><MediaType>image</MediaType>';
    const addForm =
      'OpenIDKey=demo-empty-key&ServiceURI=https%3A%2F%2Fbench.example.org%2Fb.png&MediaType=image';
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const loads: Load[] = [
      { label: 'baseline: bare node:http hello', url: `${baseline}/hello` },
      soapLoad('GetAssetStubs small, SOAP 1.1', url, '1.1', 'GetAssetStubs', smallInner),
      soapLoad('GetAssetStubs small, SOAP 1.2', url, '1.2', 'GetAssetStubs', smallInner),
      { label: 'GetAssetStubs small, HTTP GET', url: `${url}/GetAssetStubs?${small}` },
      {
        label: 'GetAssetStubs small, HTTP POST',
        url: `${url}/GetAssetStubs`,
        method: 'POST',
        headers: form,
        body: small,
      },
      soapLoad('AddUserAssetIndex, SOAP 1.1', url, '1.1', 'AddUserAssetIndex', addInner),
      soapLoad('AddUserAssetIndex, SOAP 1.2', url, '1.2', 'AddUserAssetIndex', addInner),
      { label: 'AddUserAssetIndex, HTTP GET', url: `${url}/AddUserAssetIndex?${addForm}` },
      {
        label: 'AddUserAssetIndex, HTTP POST',
        url: `${url}/AddUserAssetIndex`,
        method: 'POST',
        headers: form,
        body: addForm,
      },
    ];
    let baselineRps = NaN;
    console.log(tableRow(['case', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs baseline'], COLUMNS));
    for (const load of loads) {
      const r = await measure(load);
      if (Number.isNaN(baselineRps)) baselineRps = r.rps;
      const share = `${((r.rps / baselineRps) * 100).toFixed(1)} %`;
      console.log(tableRow([load.label, r.rps.toFixed(0), r.p50, r.p99, r.bad, share], COLUMNS));
    }

    console.log('\n100,000-stub GetAssetStubs, 5 sequential requests each, time to last byte:');
    const bigQuery = 'OpenIDKey=seed-stubs&AssetType=&OtherFilterCriteria=';
    const cases: Array<[string, string, RequestInit]> = [
      ['baseline: bare node:http, same byte count', `${baseline}/big`, {}],
      ['HTTP GET (indented)', `${url}/GetAssetStubs?${bigQuery}`, {}],
      [
        'SOAP 1.1 (one line)',
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'text/xml; charset=utf-8',
            SOAPAction: `"${NS}GetAssetStubs"`,
          },
          body: `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetAssetStubs xmlns="${NS}"><OpenIDKey>seed-stubs</OpenIDKey></GetAssetStubs></soap:Body></soap:Envelope>`,
        },
      ],
    ];
    let baselineMs = NaN;
    for (const [label, target, init] of cases) {
      const runs: Array<{ ms: number; bytes: number }> = [];
      for (let n = 0; n < 5; n++) runs.push(await timeDownload(target, init));
      const ms = runs.map((r) => r.ms);
      const med = median(ms);
      if (Number.isNaN(baselineMs)) baselineMs = med;
      console.log(
        `${label.padEnd(44)} ${(runs[0]?.bytes ?? 0).toLocaleString('en').padStart(11)} bytes  min ${Math.min(...ms).toFixed(0)} / median ${med.toFixed(0)} / max ${Math.max(...ms).toFixed(0)} ms  (${(med / baselineMs).toFixed(1)}x baseline)`,
      );
    }
    if (part !== 'load') {
      await streamingPart(dir);
      await memoPart(dir);
    }
  } finally {
    stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
