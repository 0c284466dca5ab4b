/**
 * The command's exit codes (docs/cli.md), as CI tools read them.
 */
export const EXIT = {
  /** Everything succeeded (and, for parity, every binding agreed). */
  ok: 0,
  /** The service said no: Success=false, an `ERROR…` answer, a refused row, bindings disagree. */
  businessFailure: 1,
  /** A SOAP fault, an HTTP error, an unreadable answer, no answer, a timeout. */
  technicalFailure: 2,
  /**
   * A bulk job stopped itself before sending every row: its first rows all failed the same way,
   * or --max-failures rows failed. The results file lists the rows not sent.
   */
  stopped: 3,
  /** Bad usage: unknown or missing options, a key on the command line, unreadable CSV. */
  usage: 64,
  /** Stopped with Ctrl-C; the results file tells what was done and how to go on. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Bad usage: the message is printed as is, with a pointer to --help, and the exit code is 64. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The worst of several exit codes (usage > technical > business > ok). */
export function worstExit(codes: readonly number[]): number {
  const rank = (code: number) =>
    code === EXIT.usage
      ? 3
      : code === EXIT.technicalFailure
        ? 2
        : code === EXIT.businessFailure
          ? 1
          : 0;
  return codes.reduce((worst, code) => (rank(code) > rank(worst) ? code : worst), EXIT.ok);
}
