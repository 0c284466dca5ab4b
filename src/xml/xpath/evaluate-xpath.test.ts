import { describe, expect, it } from 'vitest';
import { evaluateXPath } from './evaluate-xpath.ts';
import { XmlSyntaxError } from '../reader/xml-syntax-error.ts';
import { prepareXPathText as prepareXPathDocument } from './xpath-text.ts';

const DEFAULT_NS = `<AssetStubs xmlns="urn:inode" xmlns:m="urn:meta">
  <Stub ID="1" MediaType="image"><Title>One</Title><m:Tag>a</m:Tag></Stub>
  <Stub ID="2" MediaType="video"><Title>Two</Title></Stub>
  <Stub ID="3" MediaType="video"><Title>Three</Title><m:Tag>b</m:Tag></Stub>
</AssetStubs>`;

describe('namespaces', () => {
  it('the default namespace gets the alias d, declared prefixes are bound as written', () => {
    const prepared = prepareXPathDocument(DEFAULT_NS);
    expect(prepared.defaultAlias).toBe('d');
    expect(prepared.namespaces).toEqual({ m: 'urn:meta', d: 'urn:inode' });
    const result = evaluateXPath(prepared, "//d:Stub[@MediaType='video']");
    expect(result).toMatchObject({ kind: 'nodes', count: 2 });
    if (result.kind === 'nodes')
      expect(result.nodes.map((n) => n.path)).toEqual([
        '/d:AssetStubs[1]/d:Stub[2]',
        '/d:AssetStubs[1]/d:Stub[3]',
      ]);
    expect(evaluateXPath(prepared, '//m:Tag')).toMatchObject({ kind: 'nodes', count: 2 });
    // Without the alias the default-namespace elements are (correctly, per XPath 1.0) not found.
    expect(evaluateXPath(prepared, '//Stub')).toMatchObject({ kind: 'nodes', count: 0 });
  });

  it('a document with no default namespace needs no alias; a taken "d" moves the alias on', () => {
    expect(prepareXPathDocument('<A><B/></A>').defaultAlias).toBeNull();
    const taken = prepareXPathDocument('<d:A xmlns:d="urn:d"><B xmlns="urn:b"/></d:A>');
    expect(taken.defaultAlias).toBe('d0_1');
    expect(evaluateXPath(taken, '//d0_1:B')).toMatchObject({ kind: 'nodes', count: 1 });
  });
});

describe('result types and functions', () => {
  const prepared = prepareXPathDocument(DEFAULT_NS);
  it.each([
    ['count(//d:Stub)', { kind: 'number', value: 3 }],
    ['sum(//d:Stub/@ID)', { kind: 'number', value: 6 }],
    ["string(//d:Stub[@ID='2']/d:Title)", { kind: 'string', value: 'Two' }],
    ["concat(//d:Stub[1]/@MediaType, '-', count(//m:Tag))", { kind: 'string', value: 'image-2' }],
    ["boolean(//d:Stub[@MediaType='audio'])", { kind: 'boolean', value: false }],
    ["//d:Stub[contains(d:Title, 'T')]/@ID = '3'", { kind: 'boolean', value: true }],
  ])('%s', (expression, expected) => {
    expect(evaluateXPath(prepared, expression)).toEqual(expected);
  });

  it('attribute and text nodes come back with their value and an exact path', () => {
    const result = evaluateXPath(prepared, '//d:Stub[2]/@MediaType | //d:Stub[3]/d:Title/text()');
    expect(result.kind).toBe('nodes');
    if (result.kind !== 'nodes') return;
    expect(result.nodes).toEqual([
      expect.objectContaining({
        nodeType: 2,
        value: 'video',
        path: '/d:AssetStubs[1]/d:Stub[2]/@MediaType',
      }),
      expect.objectContaining({
        nodeType: 3,
        value: 'Three',
        path: '/d:AssetStubs[1]/d:Stub[3]/d:Title[1]/text()[1]',
      }),
    ]);
  });
});

/** Every kind of node and naming the viewer meets: nested and re-bound namespaces included. */
const SAMPLE = `<?xml version="1.0"?>
<!-- head -->
<AssetStubs xmlns="urn:inode" xmlns:m="urn:meta" m:version="2">
  <Stub ID="1"><Title>One &amp; only</Title><m:Tag m:kind="x">a</m:Tag><?note keep?></Stub>
  <Stub ID="2">text<![CDATA[<raw/>]]>more<!-- c --><Title/></Stub>
  <Extra xmlns="urn:other"><Stub ID="3"/><Stub ID="4"/></Extra>
  <m:Stub xmlns:m="urn:rebound"><m:Leaf/></m:Stub>
  <Stub ID="5" xmlns=""><Plain/></Stub>
</AssetStubs>`;

describe('"Copy XPath" round trip', () => {
  it('every node and attribute of a sample has a path that selects exactly it', () => {
    const prepared = prepareXPathDocument(SAMPLE);
    const all = evaluateXPath(prepared, '//node() | //@*');
    expect(all.kind).toBe('nodes');
    if (all.kind !== 'nodes') return;
    // 13 elements, 7 attributes (namespace declarations are not attributes), 4 texts, 1 CDATA,
    // 2 comments, 1 PI (the XML declaration is none).
    expect(all.count).toBe(28);
    const paths = new Set<string>();
    for (const node of all.nodes) {
      paths.add(node.path);
      const again = evaluateXPath(prepared, node.path);
      expect(again, node.path).toMatchObject({
        kind: 'nodes',
        count: 1,
        nodes: [{ path: node.path, node: node.node, nodeType: node.nodeType }],
      });
    }
    expect(paths.size).toBe(all.count);
  });

  it('writes steps with the bound prefixes and counts same-named siblings only', () => {
    const prepared = prepareXPathDocument(SAMPLE);
    const paths = (expression: string) => {
      const result = evaluateXPath(prepared, expression);
      return result.kind === 'nodes' ? result.nodes.map((n) => n.path) : [];
    };
    expect(paths('//d:Stub[@ID="2"]/text()')).toEqual([
      '/d:AssetStubs[1]/d:Stub[2]/text()[1]',
      '/d:AssetStubs[1]/d:Stub[2]/text()[2]',
      '/d:AssetStubs[1]/d:Stub[2]/text()[3]',
    ]);
    expect(paths('//d1:Stub')).toEqual([
      '/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[1]',
      '/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[2]',
    ]);
    expect(paths('//@m:kind')).toEqual(['/d:AssetStubs[1]/d:Stub[1]/m:Tag[1]/@m:kind']);
    expect(paths('//Plain')).toEqual(['/d:AssetStubs[1]/Stub[1]/Plain[1]']);
    expect(paths("//*[local-name()='Leaf']")).toEqual([
      "/d:AssetStubs[1]/*[local-name()='Stub' and namespace-uri()='urn:rebound'][1]/*[local-name()='Leaf' and namespace-uri()='urn:rebound'][1]",
    ]);
  });

  it('node-sets come back in document order, attributes before children', () => {
    const prepared = prepareXPathDocument(SAMPLE);
    const result = evaluateXPath(prepared, '//d:Title | //d:Stub/@ID | //d:Stub');
    expect(result.kind === 'nodes' && result.nodes.map((n) => n.name)).toEqual([
      'Stub',
      'ID',
      'Title',
      'Stub',
      'ID',
      'Title',
    ]);
  });

  it('element results of one name come with their records', () => {
    const prepared = prepareXPathDocument(DEFAULT_NS);
    const result = evaluateXPath(prepared, "//d:Stub[@MediaType='video']");
    expect(result.kind === 'nodes' && result.records).toEqual({
      recordName: 'Stub',
      columns: ['@ID', '@MediaType', 'Title', 'm:Tag'],
      rows: [
        ['2', 'video', 'Two', ''],
        ['3', 'video', 'Three', 'b'],
      ],
    });
  });

  it('only the first nodes up to the limit are described; the count is all of them', () => {
    const result = evaluateXPath(prepareXPathDocument(SAMPLE), '//node()', 3);
    expect(result).toMatchObject({ kind: 'nodes', count: 21 });
    expect(result.kind === 'nodes' && result.nodes.length).toBe(3);
  });
});

describe('the //x[p] shortcut keeps XPath 1.0 meaning', () => {
  const prepared = prepareXPathDocument(SAMPLE);
  const paths = (expression: string) => {
    const result = evaluateXPath(prepared, expression);
    return result.kind === 'nodes' ? result.nodes.map((n) => n.path) : result;
  };
  it.each([
    // Positional predicates count among siblings, per parent: not shortened.
    ['//d1:Stub[1]', ['/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[1]']],
    ['//d1:Stub[position() = 2]', ['/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[2]']],
    ['//d1:Stub[last()]', ['/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[2]']],
    ["//d:Stub[@ID = '2' and position() = 2]", ['/d:AssetStubs[1]/d:Stub[2]']],
    // Boolean predicates: the same nodes as the long form, in document order.
    [
      "//d:Stub[@ID = '2' or @ID = '1']",
      ['/d:AssetStubs[1]/d:Stub[1]', '/d:AssetStubs[1]/d:Stub[2]'],
    ],
    ['//d1:Stub[@ID > 3]', ['/d:AssetStubs[1]/d1:Extra[1]/d1:Stub[2]']],
    // [@name = 'literal'] is answered from the attributes directly: names, prefixes, order.
    ["//d:Stub['2' = @ID]", ['/d:AssetStubs[1]/d:Stub[2]']],
    ["//*[@ID = '5']", ['/d:AssetStubs[1]/Stub[1]']],
    ["//m:Tag[@m:kind = 'x']", ['/d:AssetStubs[1]/d:Stub[1]/m:Tag[1]']],
    ["//m:Tag[@kind = 'x']", []],
    ["//d:Stub[@ID = '2'][@ID = '2']", ['/d:AssetStubs[1]/d:Stub[2]']],
    ["//d:Title[. = 'One & only']", ['/d:AssetStubs[1]/d:Stub[1]/d:Title[1]']],
  ])('%s', (expression, expected) => {
    expect(paths(expression)).toEqual(expected);
  });
});

describe('errors with a position', () => {
  const prepared = prepareXPathDocument(DEFAULT_NS);
  it.each([
    ["//d:Stub[@ID='1'", '"[" is not closed', 8],
    ["//d:Stub[@ID='1]", 'string starting here is not closed', 13],
    ['//d:Stub)', 'Unexpected ")"', 8],
    ['//x:Stub', 'Unknown namespace prefix "x" (bound here: m, d)', 2],
    ['//d:Stub[@ID=', 'is not closed', 8],
    ['count(//d:Stub) +', 'ends where something more is expected', 17],
    ['   ', 'Enter an XPath expression', 0],
  ])('%s', (expression, message, position) => {
    const result = evaluateXPath(prepared, expression);
    expect(result.kind).toBe('error');
    if (result.kind !== 'error') return;
    expect(result.error.message).toContain(message);
    expect(result.error.position).toBe(position);
  });

  it('a malformed payload is refused by the viewer’s tokenizer before any XPath', () => {
    expect(() => prepareXPathDocument('<a><b></a>')).toThrow(XmlSyntaxError);
  });
});
