import { describe, expect, it } from 'vitest';
import { analyzeXml } from './analyze-xml.ts';
import {
  PREVIEW_CHARS,
  PREVIEW_SOURCE_CHARS,
  isExpandable,
  labelOf,
  labelRanges,
} from './node-label.ts';
import type { XmlTreeIndex } from './xml-index.ts';

function indexOf(xml: string): XmlTreeIndex {
  const { index } = analyzeXml(xml, { emitPretty: false });
  if (!index) throw new Error('no index');
  return index;
}

/** Each node's label, as the viewer's worker makes it for the Tree. */
function labels(xml: string) {
  const index = indexOf(xml);
  return Array.from({ length: index.kind.length - 1 }, (_, i) => labelOf(index, i + 1, xml));
}

describe('nodeLabel', () => {
  it('shows every kind of node from the slices of its ranges, decoded', () => {
    const xml = `<a x="1 &amp; 2" y='&#x1F600;'><b>  t &lt; u  </b><c><![CDATA[<raw>]]></c><!-- note --><?pi data?><d/>tail</a>`;
    expect(labels(xml)).toEqual([
      {
        kind: 'element',
        name: 'a',
        attributes: [
          ['x', '1 & 2'],
          ['y', '😀'],
        ],
        empty: false,
        text: null,
      },
      { kind: 'element', name: 'b', attributes: [], empty: false, text: 't < u' },
      { kind: 'text', text: 't < u' },
      { kind: 'element', name: 'c', attributes: [], empty: false, text: '<raw>' },
      { kind: 'cdata', text: '<raw>' },
      { kind: 'markup', text: '<!-- note -->' },
      { kind: 'markup', text: '<?pi data?>' },
      { kind: 'element', name: 'd', attributes: [], empty: true, text: null },
      { kind: 'text', text: 'tail' },
    ]);
  });

  it('gives line breaks and attribute white space the values XML gives them', () => {
    const xml = '<a x="1\r\n2\t3" y="4&#9;5"><b>p\r\nq\rr</b><c><![CDATA[s\r\nt]]></c></a>';
    const [a, , bText, , cData] = labels(xml);
    expect(a).toMatchObject({
      attributes: [
        ['x', '1 2 3'],
        ['y', '4\t5'],
      ],
    });
    expect(bText).toEqual({ kind: 'text', text: 'p\nq\nr' });
    expect(cData).toEqual({ kind: 'cdata', text: 's\nt' });
  });

  it('cuts long texts to a preview that says so, whether or not their source was cut', () => {
    const long = 'é'.repeat(PREVIEW_SOURCE_CHARS + 10);
    const short = 'w'.repeat(PREVIEW_CHARS + 1);
    const xml = `<a v="${long}"><t>${'  '}${long}</t><c><![CDATA[${long}]]></c><s>${short}</s></a>`;
    const [a, t, , c, , s] = labels(xml);
    const cut = `${'é'.repeat(PREVIEW_CHARS)}…`;
    expect(a).toMatchObject({ attributes: [['v', cut]] });
    expect(t).toMatchObject({ text: cut });
    expect(c).toMatchObject({ text: cut });
    expect(s).toMatchObject({ text: `${'w'.repeat(PREVIEW_CHARS)}…` });
  });

  it('reads no more than a preview of source per range, whatever the text', () => {
    const index = indexOf(`<a v="${'x'.repeat(100_000)}">${'y'.repeat(100_000)}</a>`);
    for (let node = 1; node < index.kind.length; node++) {
      for (const [from, to] of labelRanges(index, node)) {
        expect(to - from).toBeLessThanOrEqual(PREVIEW_SOURCE_CHARS);
      }
    }
  });
});

describe('isExpandable', () => {
  it('opens elements with children other than one text', () => {
    const index = indexOf('<a><b>text</b><c><![CDATA[x]]></c><d/><e><f/></e></a>');
    const named = (name: string) => index.names.indexOf(name);
    const nodeNamed = (name: string) =>
      Array.from(index.kind.keys()).find(
        (node) => index.kind[node] === 1 && index.nameId[node] === named(name),
      ) ?? -1;
    expect(['a', 'b', 'c', 'd', 'e'].map((n) => isExpandable(index, nodeNamed(n)))).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });
});
