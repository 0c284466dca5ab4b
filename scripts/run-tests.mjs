// `npm test`: every test. The static checks (typecheck, then lint) run beside the unit tests,
// which keep one core busy (Vitest's default on a 2-core machine), so that they cost no wall time
// of their own; the end-to-end suite, which needs every core, runs once both have passed.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`; its output goes to `output` as it comes, or is kept when null. */
function npmRun(script, output) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: output ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const kept = [];
    child.stdout?.on('data', (chunk) => kept.push(chunk));
    child.stderr?.on('data', (chunk) => kept.push(chunk));
    child.on('error', (error) => resolve({ ok: false, text: `${script}: ${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({
        ok: code === 0,
        text: Buffer.concat(kept).toString() + (signal ? `${script}: stopped by ${signal}\n` : ''),
      }),
    );
  });
}

/** Runs the scripts one after another, keeping their output, and stops at the first that fails. */
async function inTurn(scripts) {
  let text = '';
  for (const script of scripts) {
    const started = Date.now();
    const result = await npmRun(script, null);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    text += `> npm run ${script} (${seconds} s)\n${result.text}`;
    if (!result.ok) return { ok: false, text, failed: script };
  }
  return { ok: true, text };
}

const [checks, unit] = await Promise.all([
  inTurn(['typecheck', 'lint']),
  npmRun('test:unit', process.stdout),
]);

console.log(`\n── Static checks, run beside the unit tests ──\n${checks.text}`);
const failed = [...(checks.ok ? [] : [checks.failed]), ...(unit.ok ? [] : ['test:unit'])];
if (failed.length > 0) {
  console.error(`npm test: ${failed.join(' and ')} failed; the end-to-end suite did not run.`);
  process.exit(1);
}

const e2e = await npmRun('test:e2e', process.stdout);
process.exit(e2e.ok ? 0 : 1);
