import fc from 'fast-check';

/** Random documents: attributes, entities, CDATA, comments, namespaces, mixed content, odd whitespace. */
const nameArb = fc.constantFrom('a', 'Stub', 'x:Title', 'b-c', 'd.e', 'café');
const textArb = fc
  .array(
    fc.constantFrom('x', ' ', '\n', '\t', '&amp;', '&lt;', '&gt;', 'é', '"', "'", 'z9', '&#x41;'),
    {
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(''));
const attrValueArb = fc
  .array(fc.constantFrom('v', ' ', '&amp;', '&quot;', '>', '\n', 'ü'), { maxLength: 6 })
  .map((parts) => parts.join(''));

interface Gen {
  element: string;
}
const { element: anyElement } = fc.letrec<Gen>((tie) => ({
  element: fc
    .tuple(
      nameArb,
      fc.uniqueArray(fc.tuple(fc.constantFrom('id', 'x:y', 'xmlns:x', 'T'), attrValueArb), {
        maxLength: 3,
        selector: ([n]) => n,
      }),
      fc.array(
        fc.oneof(
          { depthSize: 'small' },
          textArb,
          textArb.map((t) => `<![CDATA[${t.replace(/&/g, '<')}]]>`),
          fc.constant('<!-- c -->'),
          tie('element'),
        ),
        { maxLength: 4 },
      ),
      fc.boolean(),
      fc.constantFrom(' ', '\n  ', ''),
    )
    .map(([name, attrs, children, selfClose, space]) => {
      const attrText = attrs
        .map(([n, v]) => `${space || ' '}${n}="${n === 'xmlns:x' ? `urn:${v}` : v}"`)
        .join('');
      if (selfClose && children.length === 0) return `<${name}${attrText}${space}/>`;
      return `<${name}${attrText}>${children.join('')}</${name}${space.trim()}>`;
    }),
}));

/** A random element; the prefix x is declared on a wrapper when the element uses it. */
export const randomElement = anyElement.map((element) =>
  element.includes('x:') ? `<r xmlns:x="urn:r">${element}</r>` : element,
);
