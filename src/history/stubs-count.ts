/**
 * How many records a DataStubs payload holds, for History (recordCount), counted on the page with
 * the summary's linear scan when the decoder did not count them (a payload sent as text). The
 * scan, and the XML reader under it, are fetched then: most answers never need them on the page.
 */
import { recordCount } from '../xml/xml-summary.ts';
import { nextTurn } from '../tasks/next-turn.ts';

/** Time one task scans for: well under the 50 ms of a long task, whatever the machine's load. */
const TASK_BUDGET_MS = 8;
/** Characters between two looks at the clock. */
const STEP_CHARS = 32_768;

/**
 * Counts in tasks of a few milliseconds each (setTimeout rather than idle time: the History entry
 * waits for it).
 * @example await countStubs('<Stubs><Stub/></Stubs>') // 1
 */
export async function countStubs(xml: string): Promise<number | null> {
  const { XmlSummaryScan } = await import('../xml/xml-summary-scan.ts');
  const scan = new XmlSummaryScan(xml);
  for (;;) {
    const started = performance.now();
    let done = scan.step(STEP_CHARS);
    while (!done && performance.now() - started < TASK_BUDGET_MS) done = scan.step(STEP_CHARS);
    if (done) return recordCount(scan.result());
    await nextTurn();
  }
}
