/**
 * The page's "Check only": the rows as a run would send them, the key checked with one
 * read-only GetAssetStubs call (src/bulk-job/key-check.ts), nothing registered.
 */
import { useState } from 'react';
import type { InodeClient } from '../../protocol/index.ts';
import { checkKey, dryRunCounts, dryRunInWords } from '../../bulk-job/key-check.ts';
import { initialResults } from '../../bulk-job/bulk-rows.ts';
import { failureLine } from '../../outcome/outcome-line.ts';
import type { BulkJobStore, ParsedInput } from './job-store.ts';

export interface DryRunVerdict {
  /** The key was accepted and no row has an error. */
  ok: boolean;
  words: string;
  /** What was checked: the verdict holds only while the rows and the key are these. */
  parsed: ParsedInput | null;
  openIdKey: string;
}

/** @example const { verdict, checking, check } = useDryRun(store); await check(openClient, key); */
export function useDryRun(store: BulkJobStore) {
  const [verdict, setVerdict] = useState<DryRunVerdict | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (open: () => Promise<InodeClient>, openIdKey: string) => {
    setChecking(true);
    setVerdict(null);
    try {
      await store.checkNow();
      const { input, parsed } = store.getState();
      const checked = { parsed, openIdKey };
      const rows = parsed?.rows ?? [];
      const starting = initialResults(rows, input.skipDuplicates);
      const counts = dryRunCounts(rows, input.skipDuplicates, starting);
      const first = rows.find((_, index) => starting[index]?.state === 'pending');
      try {
        const result = await checkKey(await open(), openIdKey, first?.MediaType ?? '');
        setVerdict({
          ok: result.accepted && counts.invalid === 0,
          words: dryRunInWords(counts, result),
          ...checked,
        });
      } catch (error) {
        setVerdict({
          ok: false,
          words: `The key could not be checked: ${failureLine(error, [openIdKey])}. Nothing was registered.`,
          ...checked,
        });
      }
    } finally {
      setChecking(false);
    }
  };

  /** The verdict for these rows and this key, or null (never an earlier check's). */
  const verdictFor = (parsed: ParsedInput | null, openIdKey: string) =>
    verdict && verdict.parsed === parsed && verdict.openIdKey === openIdKey ? verdict : null;

  return { verdictFor, checking, check, clear: () => setVerdict(null) };
}
