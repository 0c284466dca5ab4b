/**
 * Everything the command prints goes through here: the key (in every encoding it can travel in)
 * is blanked from every line, and colour is used only on a terminal, never with NO_COLOR.
 */
import { writeFileSync } from 'node:fs';
import pc from 'picocolors';
import { stringRedactor } from '../src/protocol/index.ts';

export type Colors = ReturnType<typeof pc.createColors>;

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Colour on when the stream is a terminal and NO_COLOR is unset (https://no-color.org). */
export function colorsFor(stream: Stream, env: NodeJS.ProcessEnv): Colors {
  const wanted = env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : Boolean(stream.isTTY) && !env.NO_COLOR;
  return pc.createColors(wanted);
}

export class Terminal {
  private secrets: string[] = [];
  private redactor: ((text: string) => string) | null = null;
  readonly color: Colors;
  readonly errColor: Colors;

  constructor(
    readonly stdout: Stream,
    readonly stderr: Stream,
    env: NodeJS.ProcessEnv,
  ) {
    this.color = colorsFor(stdout, env);
    this.errColor = colorsFor(stderr, env);
  }

  /** From now on, this value never appears in anything printed or written. */
  addSecret(secret: string): void {
    if (!secret) return;
    this.secrets.push(secret);
    this.redactor = stringRedactor(this.secrets);
  }

  redact(text: string): string {
    return this.redactor ? this.redactor(text) : text;
  }

  out(text: string): void {
    this.stdout.write(this.redact(text.endsWith('\n') ? text : `${text}\n`));
  }

  err(text: string): void {
    this.stderr.write(this.redact(text.endsWith('\n') ? text : `${text}\n`));
  }

  /** Writes a report file, redacted like the terminal. */
  writeFile(path: string, text: string): void {
    writeFileSync(path, this.redact(text));
  }
}
