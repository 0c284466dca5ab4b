/**
 * How many records a DataStubs payload holds, for History: the children of its root when they
 * all share one element name (a record list), counted with the summary's linear scan.
 */
import { XmlSummaryScan, type XmlSummary } from '../xml/xml-summary.ts';

/** Time one task scans for: well under the 50 ms of a long task, whatever the machine's load. */
const TASK_BUDGET_MS = 8;
/** Characters between two looks at the clock. */
const STEP_CHARS = 32_768;

/**
 * The record count a summary shows, or null when it shows no record list: no single root,
 * children of several names, or not well-formed.
 * @example recordCount(summarizeXml('<Stubs><Stub/><Stub/></Stubs>')) // 2
 */
export function recordCount(summary: XmlSummary): number | null {
  if (!summary.wellFormed || summary.root === null) return null;
  if (summary.counts.length === 0) return 0;
  return summary.counts.length === 1 ? (summary.counts[0]?.count ?? null) : null;
}

/**
 * Counts in tasks of a few milliseconds each (setTimeout rather than idle time: the History entry
 * waits for it).
 * @example await countStubs('<Stubs><Stub/></Stubs>') // 1
 */
export async function countStubs(xml: string): Promise<number | null> {
  const scan = new XmlSummaryScan(xml);
  for (;;) {
    const started = performance.now();
    let done = scan.step(STEP_CHARS);
    while (!done && performance.now() - started < TASK_BUDGET_MS) done = scan.step(STEP_CHARS);
    if (done) return recordCount(scan.result());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
