import { describe, expect, it } from 'vitest';
import { element, lazyDocument, type XmlElement } from './xml-node.ts';

describe('lazyDocument', () => {
  it("knows its least length from its rendered elements' promises, wherever they are in the tree", () => {
    const rendered = (bytes?: number): XmlElement => ({
      name: 'Stubs',
      attributes: [],
      render: () => ['<Stub />'],
      ...(bytes === undefined ? {} : { renderAtLeastBytes: bytes }),
    });
    const root = element(
      'Root',
      [],
      [element('A', [], [rendered(1_000)]), element('B', [], 'text'), rendered(234), rendered()],
    );
    expect(lazyDocument(root, false).atLeastBytes).toBe(1_234);
    expect(lazyDocument(element('string', [], 'ok'), true).atLeastBytes).toBe(0);
    // The promise is the caller's: the document is written as it is, whatever it says.
    expect([...lazyDocument(root, false).parts()].join('')).toContain(
      '<A><Stubs><Stub /></Stubs></A>',
    );
  });
});
