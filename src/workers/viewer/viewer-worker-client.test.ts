import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker } from '../fake-worker.test-helper.ts';
import { callWorker, proxy } from '../worker-call.ts';
import { createViewerWorkerApi } from './viewer-worker-api.ts';
import { analyzeXml } from '../../xml/analyze-xml.ts';
import { NODE_ELEMENT, structureOf } from '../../xml/xml-index.ts';
import { labelOf } from '../../xml/node-label.ts';
import { nodePath } from '../../xml/node-path.ts';
import {
  analyzePayloadAsItArrives,
  headRecordsInWorker,
  SCROLL_SIGNAL_MS,
  type ArrivingAnalysis,
  type ViewerWorker,
  type ViewerWorkerClient,
} from './viewer-worker-client.ts';
import { arrivingParts, headCutInRecord } from './arriving-parts.test-helper.ts';
import { searchText } from './search-text.ts';
import type { TransferredTable, ViewerEvents, ViewerWorkerApi } from './viewer-worker-protocol.ts';
import { firstRecordsForPage } from './first-records.ts';
import { TABLE_HEAD_ROWS } from './table-transfer.ts';
import { extractRecordTable } from '../../xml/record-table.ts';

const started: FakeWorker[] = [];
afterEach(() => {
  for (const worker of started.splice(0)) worker.terminate();
});

/** The viewer's worker API served on a channel, as the page reaches it. */
function viewerWorker(): ViewerWorker {
  const fake = new FakeWorker(createViewerWorkerApi());
  started.push(fake);
  return callWorker<ViewerWorkerApi>(fake as unknown as Worker, {
    describeFailure: (detail) => detail || 'stopped',
  });
}

/** About 330,000 characters of stubs, with characters of two, three and four UTF-8 bytes. */
const PAYLOAD = `<?xml version="1.0"?>\r\n<AssetStubs>${Array.from(
  { length: 700 },
  (_, i) =>
    `\r\n  <Stub ID="${i}" MediaType="image">\r\n    <Title>Café ${i} 漢字 😀 &amp; &lt;x&gt;</Title>\r\n    <ServiceURI>http://a.example/${'p'.repeat(300)}/${i}</ServiceURI>\r\n  </Stub>`,
).join('')}\r\n</AssetStubs>`;

type Seen = Array<[string, unknown]>;

/** Events as they arrive, with what a timing or a transfer makes differ left out. */
function recorder(done: () => void): { events: ViewerEvents; seen: Seen } {
  const seen: Seen = [];
  const events: ViewerEvents = {
    onProgress: () => undefined,
    onHead: (text) => seen.push(['head', text]),
    onTableHead: (table) => seen.push(['tableHead', table]),
    onAnalyzed: (result) =>
      seen.push(['analyzed', { ...result, analyzeMs: 0, foldEnd: Array.from(result.foldEnd) }]),
    onIndexed: ({ nodeCount, table }) => seen.push(['indexed', { nodeCount, table }]),
    onFailed: (message) => {
      seen.push(['failed', message]);
      done();
    },
    onSummary: (summary) => {
      seen.push(['summary', summary]);
      done();
    },
  };
  return { events, seen };
}

async function analyzedWhole(xml: string | Blob, maxIndexBytes: number): Promise<Seen> {
  let finished = () => undefined as void;
  const over = new Promise<void>((resolve) => (finished = resolve));
  const { events, seen } = recorder(finished);
  await viewerWorker().calls.analyze(xml, maxIndexBytes, proxy(events));
  await over;
  return seen;
}

/**
 * Analyzes `xml` as an answer that arrives (its head, then parts of `partChars` on a port),
 * taken over by a viewer before its parts; resolves with the viewer's client and what it was told
 * (an event given in `callbacks` goes there instead of into `seen`).
 */
async function analyzedAsItArrives(
  xml: string,
  maxIndexBytes: number,
  callbacks: Partial<ViewerEvents> = {},
  partChars = 9_973,
): Promise<{ seen: Seen; client: ViewerWorkerClient }> {
  let finished = () => undefined as void;
  const over = new Promise<void>((resolve) => (finished = resolve));
  const { events, seen } = recorder(finished);
  const { head, port, sendRest } = arrivingParts(xml, 20_000, partChars);
  const analysis = analyzePayloadAsItArrives(head, port, maxIndexBytes, viewerWorker());
  const client = analysis.adopt({ ...events, ...callbacks }, () => seen.push(['abandoned', null]));
  if (!client) throw new Error('not adopted');
  sendRest();
  await over;
  return { seen, client };
}

describe('the viewer worker fed as the answer arrives', () => {
  it('reports what it reports for the whole payload, whatever the size of the parts', async () => {
    const whole = await analyzedWhole(PAYLOAD, 50_000_000);
    expect(whole.map(([name]) => name)).toEqual([
      'head',
      'tableHead',
      'analyzed',
      'indexed',
      'summary',
    ]);
    for (const partChars of [997, 65_536]) {
      const { seen, client } = await analyzedAsItArrives(PAYLOAD, 50_000_000, {}, partChars);
      expect(seen).toEqual(whole);
      client.dispose();
    }
  });

  it('reports a syntax error in a later part, then the summary', async () => {
    const broken = `${PAYLOAD.slice(0, 200_000)}<x></y>${PAYLOAD.slice(200_000)}`;
    const whole = await analyzedWhole(broken, 50_000_000);
    const { seen: inParts } = await analyzedAsItArrives(broken, 50_000_000);
    expect(inParts).toEqual(whole);
    const analyzed = inParts.find(([name]) => name === 'analyzed')?.[1] as {
      syntaxError: { message: string };
    };
    expect(analyzed.syntaxError.message).toMatch(/^The end tag <\/y> does not match <x>/);
  });

  it('drops the index once the parts go over the size limit', async () => {
    const whole = await analyzedWhole(PAYLOAD, 100_000);
    const { seen: inParts } = await analyzedAsItArrives(PAYLOAD, 100_000);
    expect(inParts).toEqual(whole);
    const analyzed = inParts.find(([name]) => name === 'analyzed')?.[1] as {
      indexRefusedReason: string;
      prettyLineCount: number;
    };
    expect(analyzed.indexRefusedReason).toMatch(/over the 97\.7 KB limit/);
    // Pretty still works: 700 stubs of 4 lines.
    expect(analyzed.prettyLineCount).toBeGreaterThan(2800);
  });
});

describe('the viewer worker given a second payload', () => {
  /** Analyzes `xml` on `api` until its summary (the last report) arrives. */
  const analyzed = (api: ViewerWorkerApi, xml: string) =>
    new Promise<void>((resolve, reject) => {
      const { events } = recorder(resolve);
      events.onFailed = (message) => reject(new Error(message));
      void api.analyze(xml, 50_000_000, events);
    });
  const stubs = (titles: string[]) =>
    `<AssetStubs>${titles.map((t) => `<Stub><Title>${t}</Title></Stub>`).join('')}</AssetStubs>`;

  it('serves the lines and search matches of the new pretty text, placed on their lines', async () => {
    const api = createViewerWorkerApi();
    await analyzed(api, stubs(['first']));
    await analyzed(api, stubs(['c', 'stub b', 'STUB']));
    const pretty = analyzeXml(stubs(['c', 'stub b', 'STUB'])).pretty.toString();
    const lines = pretty.slice(0, -1).split('\n');
    expect(api.prettyLines(0, lines.length)).toBe(lines.join('\n'));
    expect(api.prettyLines(2, 4)).toBe(lines.slice(2, 4).join('\n'));
    const found = api.search('stub');
    expect(found.total).toBe(10); // AssetStubs twice, 3 <Stub>, 3 </Stub>, 2 titles
    for (let i = 0; i < found.total; i++) {
      const line = lines[found.lines[i] ?? -1] ?? '';
      const column = found.columns[i] ?? -1;
      expect(line.slice(column, column + 4).toLowerCase()).toBe('stub');
    }
    expect(api.search('first').total).toBe(0);
  });

  it('serves lines and matches across the pieces a long pretty text is kept in', async () => {
    const api = createViewerWorkerApi();
    const xml = stubs(Array.from({ length: 4000 }, (_, i) => `stub ${i} é ${'x'.repeat(i % 40)}`));
    await analyzed(api, xml);
    const { pretty } = analyzeXml(xml);
    expect(pretty.pieces.length).toBeGreaterThan(2);
    const whole = pretty.toString();
    const lines = whole.slice(0, -1).split('\n');
    for (let n = 0; n < lines.length; n += 7) {
      expect(api.prettyLines(n, n + 9)).toBe(lines.slice(n, n + 9).join('\n'));
    }
    // Every seam, with a query that crosses it wherever it falls.
    for (let index = 1; index < pretty.pieces.length; index++) {
      const seam = pretty.pieceStart(index);
      const query = whole.slice(seam - 3, seam + 2);
      const found = api.search(query);
      expect(Array.from(found.positions)).toEqual(Array.from(searchText(whole, query).positions));
      expect(Array.from(found.positions)).toContain(seam - 3);
    }
  });

  it('serves each line of a payload read in parts, and none of a malformed one after it', async () => {
    const api = createViewerWorkerApi();
    const xml = `<a>\r\n<!--x\r\ny\rz-->\r\n<b c="1\r\n2">${'long text '.repeat(20)}\r\nend</b><c/></a>`;
    await new Promise<void>((resolve, reject) => {
      const { events } = recorder(resolve);
      events.onFailed = (message) => reject(new Error(message));
      const { head, port, sendRest } = arrivingParts(xml, 7, 7);
      void api.analyzeFromPort(head, port, 50_000_000, events);
      sendRest();
    });
    const lines = analyzeXml(xml).pretty.toString().slice(0, -1).split('\n');
    expect(lines.length).toBeGreaterThan(8);
    lines.forEach((line, n) => expect(api.prettyLines(n, n + 1)).toBe(line));
    expect(api.prettyLines(0, lines.length + 5)).toBe(lines.join('\n'));
    const found = api.search('end');
    expect([found.lines[0], found.columns[0]]).toEqual([
      lines.findIndex((line) => line.includes('end')),
      (lines.find((line) => line.includes('end')) ?? '').indexOf('end'),
    ]);

    await analyzed(api, '<a><b></a>');
    expect(api.prettyLines(0, 10)).toBe('');
    expect(api.search('a').total).toBe(0);
  });

  it('sorts and filters the new table, not the ranks or search text of the last', async () => {
    const api = createViewerWorkerApi();
    await analyzed(api, stubs(['c', 'a', 'b']));
    const byTitle = { sortColumn: 0, sortDirection: 'asc' as const, filter: '' };
    expect(Array.from((await api.queryTable(byTitle)).rows)).toEqual([1, 2, 0]);
    expect(Array.from((await api.queryTable({ ...byTitle, filter: 'c' })).rows)).toEqual([0]);

    await analyzed(api, stubs(['y', 'z', 'x', 'c']));
    expect(Array.from((await api.queryTable(byTitle)).rows)).toEqual([3, 2, 0, 1]);
    expect(Array.from((await api.queryTable({ ...byTitle, filter: 'c' })).rows)).toEqual([3]);
  });
});

describe('the record table kept in the worker', () => {
  it("sends the first rows' values with the table and the others' on request", async () => {
    let sent: TransferredTable | null = null;
    const { client } = await analyzedAsItArrives(PAYLOAD, 50_000_000, {
      onIndexed: (result) => (sent = result.table),
    });
    const table = sent as TransferredTable | null;
    if (!table) throw new Error('no table');
    const whole = extractRecordTable(PAYLOAD, analyzeXml(PAYLOAD, { emitPretty: false }).index!)!;
    expect(table.records.length).toBe(700);
    expect(table.packed.map((column) => column.offsets.length - 1)).toEqual(
      whole.columns.map(() => TABLE_HEAD_ROWS),
    );
    const rows = [0, TABLE_HEAD_ROWS - 1, TABLE_HEAD_ROWS, 699];
    expect(await client.tableCells(rows)).toEqual(
      rows.map((row) => whole.values.map((column) => column.at(row))),
    );
    // A query's answer brings the cells of the rows it puts at the positions asked for.
    const id = whole.columns.findIndex((column) => column.label === 'ID');
    const answer = await client.queryTable(
      { sortColumn: id, sortDirection: 'desc', filter: '' },
      { from: 2, to: 5 },
    );
    const shownRows = Array.from(answer.rows.subarray(2, 5));
    expect(shownRows).toEqual([697, 696, 695]);
    expect(answer.shownCells).toEqual(
      shownRows.map((row) => whole.values.map((column) => column.at(row))),
    );
    client.dispose();
  });
});

describe('the tree index kept in the worker', () => {
  it('serves copies of it, labels, sources and places, through the client, from parts too', async () => {
    let nodeCount = 0;
    const { client: stream } = await analyzedAsItArrives(
      PAYLOAD,
      50_000_000,
      { onIndexed: (result) => (nodeCount = result.nodeCount) },
      4_093,
    );
    const whole = analyzeXml(PAYLOAD, { emitPretty: false }).index;
    if (!whole) throw new Error('no index');
    expect(nodeCount).toBe(whole.nodeCount);

    const copy = await stream.treeIndex();
    expect(copy).toEqual(whole);
    const structure = await stream.treeStructure();
    expect(structure).toEqual(structureOf(whole));
    expect(structure).not.toHaveProperty('start');

    const nodes = [1, 2, 5, 40, 41, whole.nodeCount - 1];
    const sources = await Promise.all(nodes.map((node) => stream.nodeSource(node)));
    expect(sources).toEqual(nodes.map((node) => PAYLOAD.slice(whole.start[node], whole.end[node])));
    expect(sources.some((source) => source.includes('😀'))).toBe(true);
    expect(await stream.nodeLabels(nodes)).toEqual(
      nodes.map((node) => labelOf(whole, node, PAYLOAD)),
    );
    const places = await Promise.all(nodes.map((node) => stream.nodePlace(node)));
    expect(places).toEqual(
      nodes.map((node) => ({
        path: nodePath(whole, whole.kind[node] === NODE_ELEMENT ? node : whole.parent[node]!),
        line: whole.line[node],
      })),
    );
    // A copy is the page's: asking again gives another, the worker's own is not moved away.
    expect(await stream.treeIndex()).toEqual(whole);
    stream.dispose();
  });

  it('keeps no text or index of a payload without one: over the limit, or the last one', async () => {
    const api = createViewerWorkerApi();
    const analyzed = (xml: string, limit: number) =>
      new Promise<void>((resolve, reject) => {
        const { events } = recorder(resolve);
        events.onFailed = (message) => reject(new Error(message));
        void api.analyze(xml, limit, events);
      });
    await analyzed('<a><b>first</b></a>', 1000);
    expect(api.nodeSource(2)).toBe('<b>first</b>');
    expect(api.nodePlace(3)).toEqual({ path: '/a/b', line: 1 });
    expect(api.treeStructure()?.nodeCount).toBe(4);
    await analyzed('<a><b>second</b></a>', 5);
    expect(api.nodeSource(2)).toBe('');
    expect(api.nodeLabels(Int32Array.of(1, 2))).toEqual([]);
    expect(api.nodePlace(2)).toEqual({ path: '', line: 0 });
    expect(api.treeStructure()).toBeNull();
    expect(api.treeIndex()).toBeNull();
  });
});

describe('the viewer worker given a held payload', () => {
  it('reads the Blob itself and reports what it reports for the text', async () => {
    const whole = await analyzedWhole(PAYLOAD, 50_000_000);
    expect(await analyzedWhole(new Blob([PAYLOAD]), 50_000_000)).toEqual(whole);
  });
});

describe("an answer's head read by the worker", () => {
  it('gives the whole records before the cut, as the page would read them', () => {
    const api = createViewerWorkerApi();
    const head = headCutInRecord(250);
    const rows = api.headRecords(head);
    expect(rows).toEqual(firstRecordsForPage(head, true)?.[0]);
    expect(rows?.records).toHaveLength(200);
    expect(rows?.packed[1]?.text.startsWith('T & 0T & 1')).toBe(true);
    expect(api.headRecords('<AssetStubs><Stub ID="1"><Ti')).toBeNull();
  });

  it('is refused, not thrown, where no worker can start (the page then reads the head itself)', async () => {
    expect(typeof Worker).toBe('undefined');
    await expect(headRecordsInWorker('<AssetStubs><Stub ID="1"/>')).rejects.toThrow();
  });
});

describe('a payload analyzed as it arrives, then taken over by its viewer', () => {
  const HEAD_CHARS = 20_000;

  /** The analysis of an arriving PAYLOAD, and what sends its parts after the head. */
  function arriving(maxIndexBytes = 50_000_000) {
    const { head, port, sendRest } = arrivingParts(PAYLOAD, HEAD_CHARS, 9_973);
    const analysis = analyzePayloadAsItArrives(head, port, maxIndexBytes, viewerWorker());
    return { analysis, sendRest };
  }

  async function adopted(
    analysis: ArrivingAnalysis,
  ): Promise<{ seen: Seen; client: ViewerWorkerClient }> {
    let finished = () => undefined as void;
    const over = new Promise<void>((resolve) => (finished = resolve));
    const { events, seen } = recorder(finished);
    const client = analysis.adopt(events, () => seen.push(['abandoned', null]));
    if (!client) throw new Error('not adopted');
    await over;
    return { seen, client };
  }

  it('reports what the whole payload reports, taken over before or after its last part', async () => {
    const whole = await analyzedWhole(PAYLOAD, 50_000_000);
    const early = arriving();
    const adoptedEarly = adopted(early.analysis);
    early.sendRest(true);
    const { seen, client } = await adoptedEarly;
    // The table's first records too: a payload whose head was cut is a large one.
    expect(seen.map(([name]) => name)).toContain('tableHead');
    expect(seen).toEqual(whole);
    expect(await client.prettyLines(0, 3)).toEqual(
      analyzeXml(PAYLOAD).pretty.toString().split('\n').slice(0, 3),
    );
    expect(early.analysis.adopt(recorder(() => undefined).events, () => undefined)).toBeNull();
    client.dispose();

    const late = arriving();
    late.sendRest(true);
    // Everything reported before the viewer came is told to it, in order.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const replayed = await adopted(late.analysis);
    expect(replayed.seen).toEqual(whole);
    replayed.client.dispose();
  });

  it('is abandoned when the parts are not the payload, and the viewer told', async () => {
    const { analysis, sendRest } = arriving();
    const seen: Seen = [];
    const { events } = recorder(() => undefined);
    const abandoned = new Promise<void>((resolve) => {
      const client = analysis.adopt(
        {
          ...events,
          onAnalyzed: (result) => seen.push(['analyzed', result.charLength]),
        },
        resolve,
      );
      expect(client).not.toBeNull();
    });
    sendRest(false);
    await abandoned;
    expect(seen).toEqual([]);
  });

  it('is released, and cannot be taken over after, when no viewer took it', () => {
    const { analysis } = arriving();
    analysis.release();
    expect(analysis.adopt(recorder(() => undefined).events, () => undefined)).toBeNull();
  });

  it("reads the head's first records in its own worker until it ends", async () => {
    const head = PAYLOAD.slice(0, HEAD_CHARS);
    const { analysis } = arriving();
    // No Worker in Node: only the analysis's own worker can answer.
    const rows = await headRecordsInWorker(head);
    expect(rows?.records.length).toBe(firstRecordsForPage(head, true)?.[0].records.length);
    analysis.release();
    await expect(headRecordsInWorker(head)).rejects.toThrow();
  });
});

describe("the viewer worker's client, told that its view scrolls", () => {
  it('tells the worker at most every SCROLL_SIGNAL_MS, however often the view scrolls', async () => {
    let told = 0;
    const fake = new FakeWorker({ ...createViewerWorkerApi(), pageScrolling: () => (told += 1) });
    started.push(fake);
    const worker = callWorker<ViewerWorkerApi>(fake as unknown as Worker, {
      describeFailure: (detail) => detail || 'stopped',
    });
    const { head, port } = arrivingParts(PAYLOAD, 20_000, 9_973);
    const client = analyzePayloadAsItArrives(head, port, 50_000_000, worker).adopt(
      recorder(() => undefined).events,
      () => undefined,
    );
    // A scroll event a frame, and more: one message.
    for (let event = 0; event < 20; event++) client?.pageScrolling();
    await new Promise((resolve) => setTimeout(resolve, SCROLL_SIGNAL_MS + 10));
    client?.pageScrolling();
    client?.pageScrolling();
    await vi.waitFor(() => expect(told).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(told).toBe(2);
  });
});
