import fc from 'fast-check';

/** Pieces that make references, near-references and broken ones when strung together. */
export const referenceSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom('&', ';', '#', 'x', 'X', '#x', 'amp', 'lt', 'gt', 'quot', 'apos', 'nbsp'),
      fc.constantFrom('&amp;', '&lt;', '&#x41;', '&#65;', '&#x1F600;', '&#xD800;', '&#1;'),
      fc.constantFrom('&#x110000;', '&#1114112;', '&#99999999999999999999;', '&#x;', '&#;'),
      fc.constantFrom('a', 'F', '0', '9', ' ', '\n', '<', 'é', '😀', '_', '.', '-'),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));
