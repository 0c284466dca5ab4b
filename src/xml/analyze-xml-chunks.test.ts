import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeXml, XmlAnalyzer, type AnalyzeOptions, type XmlAnalysis } from './analyze-xml.ts';
import { randomElement } from './random-xml.test-helper.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';

/** What a chunk boundary can fall inside of: pairs, CRLF, references, markers, problems. */
const awkward = fc.constantFrom(
  '😀',
  'a😀b',
  '\r\n',
  '\r',
  'x\r\ny',
  '&#x1F600;',
  '&#128512;',
  '&#x1;',
  '\u0001',
  ']',
  ']]',
  '<![CDATA[ ]] ]]]]>',
  '<![CDATA[<Stub/>]]>',
  '<!--a\r\nb-->',
  '<?pi data?>',
  '&amp;lt;x',
  '&lt;Stub ID="1"/&gt;',
  '<café:x xmlns:café="urn:c" café:a="😀&#x1;"/>',
  '<t a="1\r\n2">long text that is not short enough to stay inline with its tag at all</t>',
  ' '.repeat(30),
);

const content = fc
  .array(fc.oneof(randomElement, awkward), { maxLength: 6 })
  .map((parts) => parts.join(''));

/** A payload: element content, often well-formed, sometimes broken at a random place. */
const payloadArb = fc
  .tuple(
    fc.constantFrom('', '<?xml version="1.0"?>\r\n', '\uFEFF'),
    content,
    content,
    fc.option(fc.tuple(fc.nat(), fc.constantFrom('', '<', '&', '>', ']]>', '</x>', '<!--'))),
  )
  .map(([prolog, outer, inner, damage]) => {
    const xml = `${prolog}${outer}<w a="é😀">${inner}</w>`;
    if (!damage) return xml;
    const at = damage[0] % (xml.length + 1);
    return xml.slice(0, at) + damage[1] + (damage[1] === '' ? '' : xml.slice(at));
  });

/** Chunk boundaries: one character at a time, or at random places. */
function chunksOf(xml: string, cuts: number[] | 'each'): string[] {
  if (cuts === 'each') return [...xml.split('')];
  const sorted = [...new Set(cuts.map((c) => c % (xml.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of sorted) {
    chunks.push(xml.slice(from, cut));
    from = cut;
  }
  chunks.push(xml.slice(from));
  return chunks;
}

const arrays = (analysis: XmlAnalysis) => ({
  ...analysis,
  foldEnd: Array.from(analysis.foldEnd),
  index: analysis.index
    ? Object.fromEntries(
        Object.entries(analysis.index).map(([key, value]) => [
          key,
          ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value,
        ]),
      )
    : null,
  characterProblems: analysis.characterProblems.map((p) => [p.message, p.line, p.column]),
});

/** Everything an analysis tells, the heads and the syntax error included. */
function outcome(run: (options: AnalyzeOptions) => XmlAnalysis, options: AnalyzeOptions) {
  const heads: string[] = [];
  try {
    const analysis = run({ ...options, onHead: (head) => heads.push(head) });
    return { heads, analysis: arrays(analysis) };
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return { heads, error: [error.message, error.line, error.column, error.offset] };
  }
}

const optionsArb = fc.record({
  buildIndex: fc.boolean(),
  emitPretty: fc.boolean(),
  inlineTextMax: fc.constantFrom(0, 8, 160),
  headChars: fc.constantFrom(1, 40, 200),
});

describe('XmlAnalyzer in chunks', () => {
  it('gives analyzeXml’s result on the whole, for any chunking of random payloads', () => {
    fc.assert(
      fc.property(
        payloadArb,
        fc.oneof(fc.constant('each' as const), fc.array(fc.nat(), { maxLength: 12 })),
        optionsArb,
        (xml, cuts, options) => {
          const whole = outcome((o) => analyzeXml(xml, o), options);
          const chunked = outcome((o) => {
            const analyzer = new XmlAnalyzer(o);
            for (const chunk of chunksOf(xml, cuts)) analyzer.write(chunk);
            return analyzer.end();
          }, options);
          expect(chunked).toEqual(whole);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('sends the head as soon as its lines exist, before the payload ends', () => {
    const heads: string[] = [];
    const analyzer = new XmlAnalyzer({ headChars: 20, onHead: (head) => heads.push(head) });
    analyzer.write('<r><s a="1">x</s><s a="2">y</s');
    expect(heads).toEqual(['<r>\n  <s a="1">x</s>\n']);
    analyzer.write('><s/></r>');
    expect(analyzer.end().pretty.toString()).toBe(
      '<r>\n  <s a="1">x</s>\n  <s a="2">y</s>\n  <s/>\n</r>\n',
    );
  });

  it('reads a text cut by many chunks as one text node', () => {
    const analyzer = new XmlAnalyzer();
    for (const chunk of ['<a>one ', 'two\r', '\nthree &am', 'p; four', '</a>']) {
      analyzer.write(chunk);
    }
    const { pretty, index } = analyzer.end();
    expect(pretty.toString()).toBe('<a>\n  one two\nthree &amp; four\n</a>\n');
    expect(index?.nodeCount).toBe(3);
  });

  it('puts a start tag written over several lines on one line before multi-line text', () => {
    const { pretty, prettyLineCount } = analyzeXml('<a\n x="1">line1\nline2</a>');
    expect(pretty.toString()).toBe('<a x="1">\n  line1\nline2\n</a>\n');
    expect(prettyLineCount).toBe(4);
  });

  it('checks a payload without elements whole for escaped XML, however it came', () => {
    const analyzer = new XmlAnalyzer();
    for (const chunk of ['&lt;Stub', '/&', 'gt;']) analyzer.write(chunk);
    expect(analyzer.end().escaping.payloadIsEscapedXml).toBe(true);
  });
});
