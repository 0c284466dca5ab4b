/**
 * Rows in doubt: sent, but the process died or the connection broke before the answer, so the
 * service may have registered them. Before such a row is sent again, the service is asked: one
 * read-only GetAssetStubs with the row's MediaType as AssetType and its ServiceURI as
 * OtherFilterCriteria (to narrow the answer where the service filters that way), and the stubs
 * are compared exactly, so a filter the service reads otherwise can only make the answer longer,
 * never a wrong "registered".
 *
 * Such a question can cost the service far more than a registration: a filter is a scan of every
 * index the user has (the emulator takes 1.6–2.7 s at 1.6 million). So the questions go one at a
 * time, whatever the concurrency: sixteen at once each took longer than the call timeout, and
 * every registration that timed out meanwhile became one more row in doubt to ask about.
 */
import { XMLParser } from 'fast-xml-parser';
import type { InodeClient } from '../../src/protocol/index.ts';
import type { BulkItem } from '../../src/bulk-job/bulk-runner.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  isArray: (name) => name === 'Stub',
});

interface StubAttributes {
  ID?: string;
  ServiceURI?: string;
  MediaType?: string;
}

/** The stubs of a DataStubs payload that match the row exactly. */
export function matchingStubId(dataStubs: string, item: BulkItem): string | null {
  const parsed = parser.parse(dataStubs) as { AssetStubs?: { Stub?: StubAttributes[] } };
  for (const stub of parsed.AssetStubs?.Stub ?? []) {
    if (stub.ServiceURI?.trim() === item.ServiceURI && stub.MediaType?.trim() === item.MediaType) {
      return stub.ID ?? '';
    }
  }
  return null;
}

/**
 * The rows to ask about before sending, and the queue their questions wait in.
 * @example
 * const doubts = new InDoubtRows([17, 18]);
 * if (doubts.has(row.rowNumber)) found = await doubts.ask(client, key, row, signal);
 */
export class InDoubtRows {
  private readonly rows: Set<number>;
  /** Settles when the last question queued so far has ended. */
  private lastTurn: Promise<void> = Promise.resolve();
  private asked = 0;

  constructor(rows: Iterable<number>) {
    this.rows = new Set(rows);
  }

  get size(): number {
    return this.rows.size;
  }

  /** Questions sent to the service so far (each row's retries included). */
  get questions(): number {
    return this.asked;
  }

  has(row: number): boolean {
    return this.rows.has(row);
  }

  add(row: number): void {
    this.rows.add(row);
  }

  delete(row: number): void {
    this.rows.delete(row);
  }

  /**
   * registeredAs, after every question queued before it has ended. Aborting the signal while it
   * waits takes it out of the queue at once; the questions after it still wait for the ones
   * before it.
   */
  async ask(
    client: InodeClient,
    openIdKey: string,
    item: BulkItem,
    signal: AbortSignal,
  ): Promise<string | null> {
    const before = this.lastTurn;
    let ended = (): void => {};
    const mine = new Promise<void>((resolve) => (ended = resolve));
    this.lastTurn = before.then(() => mine);
    try {
      await untilSettledOrAborted(before, signal);
      this.asked += 1;
      return await registeredAs(client, openIdKey, item, signal);
    } finally {
      ended();
    }
  }
}

function untilSettledOrAborted(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/**
 * The ID under which the service already holds the row, or null when it does not.
 * @throws when the service cannot be asked (the row then stays in doubt and is not sent)
 */
export async function registeredAs(
  client: InodeClient,
  openIdKey: string,
  item: BulkItem,
  signal: AbortSignal,
): Promise<string | null> {
  const { record } = await client.getAssetStubs(
    {
      OpenIDKey: openIdKey,
      AssetType: item.MediaType,
      OtherFilterCriteria: `"${item.ServiceURI.replace(/"/g, '')}"`,
    },
    { signal },
  );
  if (!record.Success) {
    throw new Error(
      `The service could not say whether this row was registered before: ${record.ErrorMessage ?? 'no ErrorMessage'}`,
    );
  }
  return record.DataStubs ? matchingStubId(String(record.DataStubs), item) : null;
}
