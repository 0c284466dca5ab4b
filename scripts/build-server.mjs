// Compiles the production server (server/start.ts and what it imports) into dist-server/, so
// that `npm start` runs plain JavaScript on Node with the production dependencies only (no tsx,
// no TypeScript). npm packages stay external; the embedded emulator becomes a separate chunk,
// loaded only with INODE_EMULATOR=on.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? 'dist-server';
rmSync(new URL(outdir, `file://${root}/`), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['server/start.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
