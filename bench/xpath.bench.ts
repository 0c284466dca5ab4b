// npm run bench -- xpath
// XPath 1.0 on a ~10 MB DataStubs payload of 30,000 stubs with a default namespace, as the viewer
// runs it: over the tree index its worker already built (the index pass is timed apart, as the
// viewer pays it for the Tree and Table views anyway). Timed per query: evaluation, document
// order, exact paths and values of the first 1,000 nodes, and the records table.
// Baseline in the same rounds: pretty-printing the same payload (the viewer's first pass).
// Target: a simple predicate query answered in <= 500 ms.

// Loaded by path: the `xpath` typings pull in the DOM library, which the Node typecheck of the
// benchmarks deliberately does not have.
export {};
import { collectGarbage } from './support/gc.ts';
import { median } from './support/median.ts';

const engine = '../src/xml/xpath/evaluate-xpath.ts';
const documentModule = '../src/xml/xpath/xpath-document.ts';
const analyzeModule = '../src/xml/analyze-xml.ts';
const { evaluateXPath } = (await import(engine)) as {
  evaluateXPath: (p: unknown, e: string) => { kind: string; count?: number };
};
const { prepareXPathDocument } = (await import(documentModule)) as {
  prepareXPathDocument: (xml: string, index: unknown) => unknown;
};
const { analyzeXml } = (await import(analyzeModule)) as {
  analyzeXml: (
    xml: string,
    options: { buildIndex?: boolean; emitPretty?: boolean },
  ) => { pretty: string; index: unknown };
};

const STUBS = 30_000;
const ROUNDS = 7;
const TARGET_MS = 500;
const MEDIA = ['image', 'audio', 'video', 'text'];
const parts = ['<AssetStubs xmlns="urn:inode:assets">'];
for (let i = 0; i < STUBS; i++) {
  const id = `${((i * 2654435761) % 0xffffffff).toString(16).padStart(8, '0')}-7c77-4fbb-bff0-${i.toString(16).padStart(12, '0')}`;
  parts.push(
    `<Stub ID="${id}" Type="UserAssetIndex" ServiceURI="http://media.example.org/vault/collection-${i % 97}/item-${i}" MediaType="${MEDIA[i % 4]}"><Title>Tom &amp; Jerry &lt;${i}&gt; café 漢字 — an asset title long enough to be realistic ${i}</Title><Notes>Registered by the benchmark; nothing to see here.</Notes></Stub>`,
  );
}
parts.push('</AssetStubs>');
const xml = parts.join('');

const QUERIES: Array<{
  expression: string;
  check: (r: { kind: string; count?: number }) => boolean;
}> = [
  { expression: "//d:Stub[@MediaType='video']", check: (r) => r.count === STUBS / 4 },
  { expression: 'count(//d:Stub)', check: (r) => r.kind === 'number' },
  { expression: "//d:Stub[contains(d:Title, '2999')]/@ID", check: (r) => (r.count ?? 0) > 0 },
];

const prettyTimes: number[] = [];
const indexTimes: number[] = [];
const queryTimes = QUERIES.map(() => [] as number[]);
const warmTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  collectGarbage();
  let started = performance.now();
  if (analyzeXml(xml, { buildIndex: false }).pretty.length < xml.length / 2)
    throw new Error('baseline did not pretty-print the payload');
  prettyTimes.push(performance.now() - started);

  collectGarbage();
  started = performance.now();
  const { index } = analyzeXml(xml, { emitPretty: false });
  indexTimes.push(performance.now() - started);

  // A fresh document each round: every query below is the first on its nodes (cold), as the
  // first query after a payload arrives is. The predicate query then runs once more (warm).
  QUERIES.forEach(({ expression, check }, q) => {
    const prepared = prepareXPathDocument(xml, index);
    collectGarbage();
    const began = performance.now();
    const result = evaluateXPath(prepared, expression);
    queryTimes[q]!.push(performance.now() - began);
    if (!check(result)) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 200)}`);
    if (q === 0) {
      collectGarbage();
      const again = performance.now();
      evaluateXPath(prepared, expression);
      warmTimes.push(performance.now() - again);
    }
  });
}
const prettyMs = median(prettyTimes);
console.log(
  `payload: ${(new TextEncoder().encode(xml).length / 1e6).toFixed(2)} MB, ${STUBS} stubs, default namespace; ${ROUNDS} rounds, medians`,
);
console.log(`baseline (pretty-print the same payload): ${prettyMs.toFixed(1)} ms`);
console.log(
  `index pass (done once by the viewer's worker for Tree/Table): ${median(indexTimes).toFixed(1)} ms`,
);
console.log('first query on a freshly loaded payload (cold):');
QUERIES.forEach(({ expression }, q) => {
  const ms = median(queryTimes[q]!);
  const ratio = median(queryTimes[q]!.map((t, i) => t / (prettyTimes[i] ?? t)));
  console.log(
    `${expression}: ${ms.toFixed(1)} ms (fastest ${Math.min(...queryTimes[q]!).toFixed(1)}), ${ratio.toFixed(2)}x baseline, target <= ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'PASS' : 'MISS'}`,
  );
});
const warmMs = median(warmTimes);
console.log(
  `the predicate query again on the same worker (warm): ${warmMs.toFixed(1)} ms, ${median(warmTimes.map((t, i) => t / (prettyTimes[i] ?? t))).toFixed(2)}x baseline, target <= ${TARGET_MS} ms: ${warmMs <= TARGET_MS ? 'PASS' : 'MISS'}`,
);
