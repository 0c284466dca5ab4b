/**
 * What a page's heap holds, from a snapshot written by VIEWER_BENCH_HEAP_SNAPSHOT
 * (`npx tsx bench/support/heap-summary.ts file.heapsnapshot`): self size per node type and, for objects
 * and arrays, per constructor name; and the largest single nodes (a string's first characters).
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-summary.ts file.heapsnapshot');
const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = heap.snapshot.meta.node_fields;
const types = heap.snapshot.meta.node_types[0];
const width = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');

const byType = new Map<string, { bytes: number; count: number }>();
const byName = new Map<string, { bytes: number; count: number }>();
const largest: Array<{ bytes: number; label: string }> = [];
const add = (map: typeof byType, key: string, bytes: number) => {
  const entry = map.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += bytes;
  entry.count += 1;
  map.set(key, entry);
};
for (let at = 0; at < heap.nodes.length; at += width) {
  const type = types[heap.nodes[at + typeAt] ?? 0] ?? '?';
  const name = heap.strings[heap.nodes[at + nameAt] ?? 0] ?? '';
  const bytes = heap.nodes[at + sizeAt] ?? 0;
  add(byType, type, bytes);
  if (type === 'object' || type === 'array' || type === 'native')
    add(byName, `${type} ${name}`, bytes);
  if (bytes > 1_000_000) {
    largest.push({
      bytes,
      label: `${type} ${JSON.stringify(name.slice(0, 60))} (${name.length} chars)`,
    });
  }
}
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const top = (map: typeof byType, n: number) =>
  [...map].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, n);
console.log('by node type:');
for (const [type, { bytes, count }] of top(byType, 12))
  console.log(`  ${mb(bytes).padStart(10)}  ${type} (${count.toLocaleString('en-US')})`);
console.log('objects, arrays and native by name:');
for (const [name, { bytes, count }] of top(byName, 15))
  console.log(`  ${mb(bytes).padStart(10)}  ${name} (${count.toLocaleString('en-US')})`);
console.log('nodes over 1 MB:');
for (const { bytes, label } of largest.sort((a, b) => b.bytes - a.bytes).slice(0, 15))
  console.log(`  ${mb(bytes).padStart(10)}  ${label}`);
