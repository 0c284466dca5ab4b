// Direct imports: the stubs page shows this before the protocol's code is loaded.
import { OPERATIONS } from '../../protocol/operations.ts';
import { xsdBoolean } from '../../protocol/xsd-boolean.ts';
import type { FieldsBeforeDataStubs } from '../../protocol/types.ts';

const FIELD_ORDER = OPERATIONS.GetAssetStubs.result.fields.map((field) => field.name);

/**
 * The record's fields sent before DataStubs, read from a large answer's first bytes while the
 * rest arrives: Success or Error at a glance before the payload is in. Unchecked, and said so;
 * the outcome banner replaces it once the whole answer is decoded.
 *
 * @example <FieldsSoFar fields={{ Success: 'true', ErrorCode: '0' }} />
 */
export function FieldsSoFar({ fields }: { fields: FieldsBeforeDataStubs }) {
  const present = FIELD_ORDER.filter((name) => fields[name] !== undefined);
  if (present.length === 0) return null;
  const success = fields.Success === undefined ? null : xsdBoolean(fields.Success);
  const tone = success === true ? 'ok' : success === false ? 'bad' : 'neutral';
  return (
    <section className={`outcome outcome-${tone} outcome-so-far`} aria-label="Fields so far">
      <h2 className="outcome-title">
        <span aria-hidden="true" className="outcome-icon">
          {success === true ? '✓' : success === false ? '✕' : '…'}
        </span>{' '}
        {success === true
          ? 'Success, so far'
          : success === false
            ? 'Error, so far'
            : 'The first fields, so far'}
      </h2>
      <p>
        Read from the first bytes of the answer while the rest arrives; the whole answer is checked
        once it is in.
      </p>
      <dl className="outcome-facts">
        {present.map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{fields[name] === '' ? '(empty)' : fields[name]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
