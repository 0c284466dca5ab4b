/**
 * What a command needs from the process, passed in so tests and the entry point agree.
 */
import type { Terminal } from './terminal.ts';

export interface CommandContext {
  terminal: Terminal;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** The process's exit code once the command returns. */
  setExit(code: number): void;
  /** Ctrl-C: each handler runs on every SIGINT; returns the unsubscribe. */
  onInterrupt(handler: () => void): () => void;
}
