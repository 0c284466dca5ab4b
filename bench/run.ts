// npm run bench: runs every bench/*.bench.ts in its own process, one after another, so that one
// benchmark's garbage and JIT state cannot skew the next. Each prints its figures and its
// same-run baseline. Pass names to run a subset: npm run bench -- decode emulator
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', `${dir}${file}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed ? 1 : 0);
