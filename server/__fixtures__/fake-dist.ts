// A minimal built console for server tests: index.html, one hashed asset, the build info.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_INFO_FILE } from '../base-path.ts';

export const ASSET_NAME = 'assets/index-Ab12Cd34.js';
/** Compressible, and larger than compression's 1 KB threshold. */
export const ASSET_BODY = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

/** Writes a fake dist/ built for `basePath` into a fresh temporary folder and returns it. */
export function fakeDist(basePath = '/'): string {
  const dir = mkdtempSync(join(tmpdir(), 'inode-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Inode Console</title><script type="module" src="${basePath}${ASSET_NAME}"></script>`,
  );
  writeFileSync(join(dir, ASSET_NAME), ASSET_BODY);
  writeFileSync(join(dir, BUILD_INFO_FILE), JSON.stringify({ basePath }));
  return dir;
}
