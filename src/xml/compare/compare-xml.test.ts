import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalPayloadText } from './canonical-text.ts';
import { compareXml, payloadXml } from './compare-xml.ts';
import { parseMeaning, sameXmlMeaning, XmlMeaningError } from './xml-meaning-tree.ts';

const STUBS = `<AssetStubs xmlns="urn:inode">
  <Stub ID="1" Type="UserAssetIndex" MediaType="image"><Title>One &amp; only</Title></Stub>
  <Stub ID="2" Type="UserAssetIndex" MediaType="video"><Title>Two</Title></Stub>
  <Stub ID="3" Type="UserAssetIndex" MediaType="audio"><Title>Three</Title></Stub>
</AssetStubs>`;

describe('normalization: only meaning counts', () => {
  it('namespace prefixes, attribute order, quotes, whitespace between tags and CDATA vs text', () => {
    const reprefixed = `<x:AssetStubs xmlns:x="urn:inode"><x:Stub MediaType='image' Type="UserAssetIndex" ID="1"><x:Title><![CDATA[One & only]]></x:Title></x:Stub><x:Stub ID="2" MediaType="video" Type="UserAssetIndex"><x:Title>Two</x:Title></x:Stub><x:Stub Type="UserAssetIndex" ID="3" MediaType="audio"><x:Title>Thre&#x65;</x:Title></x:Stub></x:AssetStubs>`;
    expect(sameXmlMeaning(STUBS, reprefixed)).toBe(true);
    expect(compareXml(STUBS, reprefixed)).toMatchObject({ mode: 'records', same: true });
  });

  it('the escaped and CDATA forms of a payload equal the literal one', () => {
    const escaped = STUBS.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(payloadXml(escaped)).toBe(STUBS);
    expect(compareXml(STUBS, escaped).same).toBe(true);
    expect(compareXml(`<![CDATA[${STUBS}]]>`, STUBS).same).toBe(true);
  });

  it('a different namespace URI is a difference even with the same prefix', () => {
    expect(sameXmlMeaning('<a:x xmlns:a="u1"/>', '<a:x xmlns:a="u2"/>')).toBe(false);
    expect(sameXmlMeaning('<x a="1"/>', '<x xmlns:p="u" p:a="1"/>')).toBe(false);
  });

  it('malformed input is an error with a position, never a crash', () => {
    expect(() => parseMeaning('<a><b></a>')).toThrow(XmlMeaningError);
    const result = compareXml(STUBS, '<AssetStubs><Stub ID="1"></AssetStubs>');
    expect(result).toMatchObject({ mode: 'error', side: 'right' });
    if (result.mode === 'error') expect(result.offset).toBeGreaterThan(0);
  });
});

describe('record diff', () => {
  it('finds a changed attribute, an added and a removed record, keyed by ID', () => {
    const right = STUBS.replace('MediaType="video"', 'MediaType="film"')
      .replace(/\s*<Stub ID="3"[\s\S]*?<\/Stub>/, '')
      .replace(
        '</AssetStubs>',
        '<Stub ID="4" Type="UserAssetIndex" MediaType="text"><Title>Four</Title></Stub></AssetStubs>',
      );
    const result = compareXml(STUBS, right);
    expect(result.mode).toBe('records');
    if (result.mode !== 'records') return;
    const { records } = result;
    expect(records.keyColumn).toBe('@ID');
    expect(records.recordName).toBe('{urn:inode}Stub');
    expect(records.changed).toEqual([expect.objectContaining({ key: '2', cells: ['@MediaType'] })]);
    expect(records.added.map((a) => a.key)).toEqual(['4']);
    expect(records.removed.map((r) => r.key)).toEqual(['3']);
    expect(records.unchanged.map((u) => u.key)).toEqual(['1']);
    expect(result.same).toBe(false);
  });

  it('rows reordered are not a difference when keyed; by position they are', () => {
    const reordered = STUBS.replace(
      /(<Stub ID="1"[\s\S]*?<\/Stub>)(\s*)(<Stub ID="2"[\s\S]*?<\/Stub>)/,
      '$3$2$1',
    );
    expect(compareXml(STUBS, reordered).same).toBe(true);
    const byPosition = compareXml(STUBS, reordered, { keyColumn: null });
    expect(byPosition.mode === 'records' && byPosition.records.changed.length).toBe(2);
  });

  it('a user-picked key column is used as given', () => {
    const result = compareXml(STUBS, STUBS.replace('ID="2"', 'ID="22"'), { keyColumn: 'Title' });
    expect(result.mode === 'records' && result.records.changed.map((c) => c.cells)).toEqual([
      ['@ID'],
    ]);
  });
});

describe('tree diff (not a record list)', () => {
  it('names the path of each changed, added and removed node', () => {
    const left = '<Config a="1"><Name>x</Name><Opt k="v"/></Config>';
    const right = '<Config a="2"><Name>y</Name><Extra/></Config>';
    const result = compareXml(left, right);
    expect(result.mode).toBe('tree');
    if (result.mode !== 'tree') return;
    expect(result.differences).toEqual([
      { path: '/Config/@a', kind: 'changed', left: '1', right: '2' },
      { path: '/Config/Name[1]/text()', kind: 'changed', left: 'x', right: 'y' },
      { path: '/Config/Opt[1]', kind: 'removed', left: '<Opt k="v">', right: null },
      { path: '/Config/Extra[1]', kind: 'added', left: null, right: '<Extra>' },
    ]);
  });
});

describe('property: a document equals itself re-prefixed and with attributes re-ordered', () => {
  const name = fc.constantFrom('Stub', 'Item', 'Title', 'Node');
  const attribute = fc.tuple(
    fc.constantFrom('ID', 'Type', 'MediaType', 'x'),
    fc.string({ maxLength: 8 }),
  );
  interface Tree {
    name: string;
    attributes: Array<[string, string]>;
    text: string;
    children: Tree[];
  }
  const treeAt = (depth: number): fc.Arbitrary<Tree> =>
    fc.record({
      name,
      attributes: fc.uniqueArray(attribute, { selector: ([k]) => k, maxLength: 4 }),
      text: fc.string({ maxLength: 6 }),
      children: depth === 0 ? fc.constant([]) : fc.array(treeAt(depth - 1), { maxLength: 3 }),
    });
  const tree = treeAt(3);
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  function write(node: Tree, prefix: string, order: (n: number) => number[]): string {
    const tag = prefix ? `${prefix}:${node.name}` : node.name;
    const attributes = order(node.attributes.length)
      .map((i) => node.attributes[i]!)
      .map(([k, v]) => ` ${k}="${escape(v)}"`)
      .join('');
    const text = node.text.trim() === '' ? '' : escape(node.text);
    return `<${tag}${attributes}>${text}${node.children.map((c) => write(c, prefix, order)).join('\n  ')}</${tag}>`;
  }
  it('has no differences', () => {
    fc.assert(
      fc.property(
        tree,
        fc.constantFrom('a', 'ns0', 'x-y', ''),
        fc.integer(),
        (doc, prefix, seed) => {
          const declare = (xml: string, p: string) =>
            xml.replace(/^<([^\s>]+)/, `<$1 ${p ? `xmlns:${p}` : 'xmlns'}="urn:test"`);
          const original = declare(
            write(doc, '', (n) => [...Array(n).keys()]),
            '',
          );
          const shuffled = declare(
            write(doc, prefix, (n) =>
              [...Array(n).keys()].sort((a, b) => ((a * 31 + seed) % 7) - ((b * 31 + seed) % 7)),
            ),
            prefix,
          );
          const result = compareXml(original, shuffled);
          expect(result.same).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('canonicalPayloadText', () => {
  it('gives the literal, escaped and CDATA forms of one payload the same text', () => {
    const literal = canonicalPayloadText(STUBS);
    const escaped = STUBS.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(canonicalPayloadText(escaped)).toBe(literal);
    expect(canonicalPayloadText(`<![CDATA[${STUBS}]]>`)).toBe(literal);
    expect(literal.split('\n')[1]).toBe(
      '  <{urn:inode}Stub ID="1" MediaType="image" Type="UserAssetIndex">',
    );
  });

  it('returns a text that is not XML as it is', () => {
    expect(canonicalPayloadText('<a><b></a>')).toBe('<a><b></a>');
  });
});
