/**
 * Rows in doubt: sent, but the process died or the connection broke before the answer, so the
 * service may have registered them. Before such a row is sent again, the service is asked: one
 * read-only GetAssetStubs with the row's MediaType as AssetType and its ServiceURI as
 * OtherFilterCriteria (to narrow the answer where the service filters that way), and the stubs
 * are compared exactly, so a filter the service reads otherwise can only make the answer longer,
 * never a wrong "registered".
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
