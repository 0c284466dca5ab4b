/**
 * Budget: the JavaScript the first page (/ → Asset stubs) needs is at most 150 KB gzipped.
 * Builds the app once with a manifest into a temp folder (vite 8 builds in a few seconds),
 * then follows the manifest: the entry, the Asset stubs page chunk, and their static imports.
 * Anything loaded later (other pages, the DataStubs viewer, CodeMirror) is not counted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export const FIRST_PAGE_BUDGET_BYTES = 150 * 1024;
const FIRST_PAGE_MODULE = 'src/features/stubs/stubs-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

let outDir = '';
let manifest: Record<string, ManifestChunk> = {};

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'inode-budget-'));
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'error',
    ],
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    { stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
  manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The chunk keys a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function gzippedSize(key: string): number {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  return gzipSync(readFileSync(join(outDir, chunk.file))).length;
}

describe('first-page JavaScript budget', () => {
  it(`stays within ${FIRST_PAGE_BUDGET_BYTES / 1024} KB gzipped`, () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    expect(entry, 'the build has an entry').toBeDefined();
    expect(manifest[FIRST_PAGE_MODULE], 'the stubs page is its own chunk').toBeDefined();
    const keys = staticClosure(FIRST_PAGE_MODULE, staticClosure(entry ?? ''));
    const sizes = [...keys].map((k) => ({ chunk: manifest[k]?.file ?? k, gzip: gzippedSize(k) }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.info(
      `first-page JS: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} chunks\n` +
        sizes.map((s) => `  ${s.chunk}: ${(s.gzip / 1024).toFixed(1)} KB`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
  });

  it('loads the heavy parts later: the CodeMirror views are not in the first page', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? '';
    const first = staticClosure(FIRST_PAGE_MODULE, staticClosure(entry));
    const heavy = Object.keys(manifest).filter((k) =>
      /xml-viewer\/(views|data-stubs-viewer)/.test(k),
    );
    expect(heavy.length).toBeGreaterThan(0);
    for (const k of heavy) expect(first.has(k), `${k} is loaded on first paint`).toBe(false);
  });

  it('loads the XML reader when the page first counts a payload, not with the first page', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? '';
    const first = staticClosure(FIRST_PAGE_MODULE, staticClosure(entry));
    const scan = manifest['src/xml/xml-summary-scan.ts'];
    expect(scan, 'the summary scan is a chunk of its own').toBeDefined();
    for (const k of staticClosure('src/xml/xml-summary-scan.ts')) {
      expect(first.has(k), `${manifest[k]?.file ?? k} is loaded on first paint`).toBe(false);
    }
  });
});
