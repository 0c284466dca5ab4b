/** Columns for the sort's property tests: mostly distinct values, or a few repeated. */
import fc from 'fast-check';

/** Values equal but for case or leading zeros ('A1', 'a01'), which rank by code unit. */
export const nearTies = fc
  .array(fc.constantFrom('a', 'A', '1', '01', '001', 'b', 'B', '0'), { minLength: 1, maxLength: 4 })
  .map((pieces) => pieces.join(''));
export const number = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom('007', '+5', '.5', '5.', '-0', '1e3', ' 12 ', '1E-2'),
  fc.stringMatching(/^[0-9]{1,20}$/),
);
/**
 * Columns of mostly distinct values, and of a pool of values repeated: up to 60 distinct of up to
 * 400 rows reach both ways of ranking (few distinct values, and the radix sort with equal keys).
 */
export function columnOf(value: fc.Arbitrary<string>): fc.Arbitrary<string[]> {
  const cell = fc.oneof({ arbitrary: value, weight: 9 }, { arbitrary: fc.constant(''), weight: 1 });
  return fc.oneof(
    fc.array(cell, { maxLength: 400, size: 'max' }),
    fc
      .tuple(
        fc.array(cell, { minLength: 1, maxLength: 60, size: 'max' }),
        fc.array(fc.nat(), { maxLength: 400, size: 'max' }),
      )
      .map(([pool, picks]) => picks.map((pick) => pool[pick % pool.length] ?? '')),
  );
}
