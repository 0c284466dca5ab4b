#!/usr/bin/env -S node --max-old-space-size=96 --max-semi-space-size=4
/**
 * The `inode-console` entry point: wires the process (streams, environment, Ctrl-C) to runCli.
 * The heap flags keep a million-row bulk job's memory flat (docs/performance.md): the job's live
 * heap stays under 40 MB, and without a cap V8 lets garbage pile up to hundreds of MB before it
 * collects. A tighter cap costs throughput: at 48 MB of old space and 2 MB semi-spaces the
 * collector ran so often that a bulk job sent a third fewer rows a second. `node
 * cli/dist/inode-console.mjs` skips the line; `npx inode-console` runs it.
 */
import { runCli } from './program.ts';
import { Terminal } from './terminal.ts';

const terminal = new Terminal(process.stdout, process.stderr, process.env);
const interruptHandlers = new Set<() => void>();
process.on('SIGINT', () => {
  // With no command listening (e.g. while the key is read) Ctrl-C ends at once, as usual.
  if (interruptHandlers.size === 0) process.exit(130);
  for (const handler of [...interruptHandlers]) handler();
});

const code = await runCli(process.argv.slice(2), {
  terminal,
  env: process.env,
  stdin: process.stdin,
  setExit: () => {},
  onInterrupt(handler) {
    interruptHandlers.add(handler);
    return () => interruptHandlers.delete(handler);
  },
});
// The emulator keeps serving until it is stopped; everything else ends here.
if (process.argv[2] !== 'emulator' || code !== 0) {
  process.exitCode = code;
  // Let stdout drain, then stop even if a keep-alive socket lingers.
  process.stdout.write('', () => process.exit(code));
}
