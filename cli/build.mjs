// Builds the `inode-console` bin: cli/main.ts and what it imports from src/ and emulator/ into
// one ES module for Node 20 (cli/dist/inode-console.mjs). npm packages stay imports, resolved
// from the installed dependencies (better-sqlite3 is native and cannot be bundled anyway).
// Run by `npm run build`, `npm run build:cli` and `prepare` (so `npm ci`/`npm install` build it).
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// An explicit outfile (tests build their own copy) must stay inside the project, so that the
// external packages resolve from its node_modules.
const outfile =
  process.argv[2] ?? fileURLToPath(new URL('./dist/inode-console.mjs', import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL('./main.ts', import.meta.url))],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
