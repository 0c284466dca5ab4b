import { memo } from 'react';
import { OPERATIONS } from '../../protocol/operations.ts';
import type { AssetStubsRecord } from '../../protocol/types.ts';
import { formatBytes } from '../../text/format.ts';
import { isHeld, type TextOrHeld } from '../../text/held-text.ts';
import { utf8Length } from '../../text/utf8-length.ts';
import { ExceptionText } from './exception-text.tsx';

const FIELDS = OPERATIONS.GetAssetStubs.result.fields;

function Absent() {
  return <em className="marker marker-absent">absent</em>;
}

function Empty() {
  return <em className="marker marker-empty">empty</em>;
}

/**
 * Exact UTF-8 size for normal payloads and held ones (their Blob's size); for huge texts the
 * length is close enough and free.
 */
function dataSize(value: TextOrHeld): string {
  if (isHeld(value)) return formatBytes(value.held.size);
  return value.length > 1_000_000
    ? `about ${formatBytes(value.length)}`
    : formatBytes(utf8Length(value));
}

function FieldValue({ name, value }: { name: string; value: TextOrHeld | boolean | null }) {
  if (value === null) return <Absent />;
  if (typeof value === 'boolean') return <strong>{String(value)}</strong>;
  if (value.length === 0) return <Empty />;
  // Only DataStubs is ever held.
  if (name === 'DataStubs' || isHeld(value))
    return <span>XML, {dataSize(value)} (shown below)</span>;
  if (name === 'Exception') return <ExceptionText text={value} />;
  return <span className="mono">{value}</span>;
}

/**
 * The seven GetAssetStubs fields in wire order; an absent element and an empty one read
 * differently ("absent" vs "empty").
 * @example <FieldTable record={result.record} />
 */
export const FieldTable = memo(function FieldTable({
  record,
}: {
  record: AssetStubsRecord<TextOrHeld>;
}) {
  return (
    <table className="field-table">
      <caption>Result fields</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {FIELDS.map((field) => (
          <tr key={field.name}>
            <th scope="row">{field.name}</th>
            <td>
              <FieldValue name={field.name} value={record[field.name]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
