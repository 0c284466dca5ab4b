// Runs the Playwright suite after making sure a Chromium exists, so that a missing browser is one
// clear sentence instead of a stack trace.
import { spawnSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_MESSAGE } from './find-chromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
