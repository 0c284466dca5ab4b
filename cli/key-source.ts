/**
 * Where the OpenIDKey comes from: an environment variable or standard input, never the command
 * line, where shell history and `ps` would keep it.
 */
import { UsageError } from './exit-codes.ts';

/** Matches --OpenIDKey, --OpenIDKey=…, --openidkey, -OpenIDKey… but not -env or -stdin. */
const KEY_ON_ARGV = /^--?openidkey(=|$)/i;

export const KEY_REFUSED = `The OpenIDKey is not accepted on the command line: it would be kept in your shell history and shown to every user of the machine by \`ps\`.
Put it in an environment variable and name it:  INODE_KEY=… inode-console … --OpenIDKey-env INODE_KEY
or pipe it in:                                   inode-console … --OpenIDKey-stdin < key-file`;

/**
 * @example refuseKeyOnCommandLine(['call', '--OpenIDKey', 'k']) // throws UsageError(KEY_REFUSED)
 */
export function refuseKeyOnCommandLine(argv: readonly string[]): void {
  if (argv.some((arg) => KEY_ON_ARGV.test(arg))) throw new UsageError(KEY_REFUSED);
}

export interface KeyOptions {
  OpenIDKeyEnv?: string;
  OpenIDKeyStdin?: boolean;
}

/** Reads standard input whole (the key file or pipe). */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @example await readKey({ OpenIDKeyEnv: 'INODE_KEY' }, process.env, process.stdin)
 */
export async function readKey(
  options: KeyOptions,
  env: NodeJS.ProcessEnv,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<string> {
  const fromEnv = options.OpenIDKeyEnv;
  if (fromEnv !== undefined && options.OpenIDKeyStdin) {
    throw new UsageError(
      'Give the OpenIDKey one way: --OpenIDKey-env VAR or --OpenIDKey-stdin, not both.',
    );
  }
  if (fromEnv !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(fromEnv)) {
      throw new UsageError(
        `--OpenIDKey-env takes the NAME of an environment variable (letters, digits, _), not the key itself.`,
      );
    }
    const key = env[fromEnv];
    if (key === undefined || key === '') {
      throw new UsageError(
        `The environment variable ${fromEnv} is not set or empty: it should hold the OpenIDKey.`,
      );
    }
    return key;
  }
  if (options.OpenIDKeyStdin) {
    if (stdin.isTTY) {
      throw new UsageError(
        '--OpenIDKey-stdin reads the key from a pipe or file, e.g. `< key-file`; standard input is a terminal.',
      );
    }
    // One trailing line break is the file's, not the key's.
    const key = (await readStdin(stdin)).replace(/\r?\n$/, '');
    if (key === '') throw new UsageError('Standard input was empty: it should hold the OpenIDKey.');
    return key;
  }
  throw new UsageError(
    'The OpenIDKey is required: --OpenIDKey-env VAR (the name of an environment variable holding it) or --OpenIDKey-stdin.',
  );
}
