import { analyzeXml } from './analyze-xml.ts';

/** Thrown from the head callback to stop the pass: nothing after the head is needed. */
class HeadReached extends Error {
  constructor(readonly head: string) {
    super('head reached');
  }
}

/** Source prefixes tried in turn; a payload whose first lines need more gets no head. */
const SOURCE_WINDOWS = [32 * 1024, 256 * 1024];

/**
 * The first lines of `xml`'s pretty text (about `headChars` characters, whole lines), computed
 * from a prefix of the source only, so it costs the same at 1 MB and 66 MB. It is exactly the
 * start of `analyzeXml(xml).pretty`: the pass writes lines only once they are complete and never
 * revises them, and the one token a cut-off prefix can end inside (a text running to the cut) is
 * only ever the last line written, which is dropped. The page paints this while the worker
 * pretty-prints the whole payload.
 *
 * Returns null when the first lines cannot be known from a prefix (malformed markup early on, or
 * nothing complete within the last window): the view then waits for the worker.
 *
 * @example prettyHead('<a><b>1</b></a>', 12_000) // '<a>\n  <b>1</b>\n</a>\n'
 */
export function prettyHead(
  xml: string,
  headChars: number,
  windows: readonly number[] = SOURCE_WINDOWS,
): string | null {
  for (const window of windows) {
    const whole = xml.length <= window;
    try {
      const { pretty } = analyzeXml(whole ? xml : xml.slice(0, window), {
        buildIndex: false,
        headChars,
        onHead: (head) => {
          throw new HeadReached(head);
        },
      });
      // The whole payload was shorter than a head: its pretty text is the head.
      if (whole) return pretty.toString();
    } catch (error) {
      if (error instanceof HeadReached) return whole ? error.head : withoutLastLine(error.head);
      // A syntax error at the prefix's cut (or a real one): a larger window, or the worker, decides.
      if (whole) return null;
    }
  }
  return null;
}

/** The text up to and including its second-to-last line break; null when that leaves nothing. */
function withoutLastLine(head: string): string | null {
  const cut = head.lastIndexOf('\n', head.length - 2);
  return cut === -1 ? null : head.slice(0, cut + 1);
}
