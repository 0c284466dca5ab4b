import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeXml, XmlAnalyzer, type AnalyzeOptions } from './analyze-xml.ts';
import { lineStartsOf } from './line-starts.test-helper.ts';
import { PrettyLines, StartTag } from './pretty-lines.ts';
import { randomElement } from './random-xml.test-helper.ts';

/** Well-formed content that writes line breaks every way the pretty pass can. */
const piece = fc.oneof(
  randomElement,
  fc.constantFrom(
    '',
    '   ',
    '\r\n',
    'top-level text',
    'a\r\nb',
    'a\rb\r\rc\n',
    '<t>one\r\ntwo\rthree\nfour</t>',
    '<t>ends with CR\r</t>',
    '<t>\r\n</t>',
    '<t>a long text on one line, longer than any inline limit the tests pick at all</t>',
    '<!--a\r\nb\rc\nd-->',
    '<!---->',
    '<?pi one\r\ntwo?>',
    '<c><![CDATA[x\r\ny\r]]></c>',
    '<c><![CDATA[]]></c>',
    '<t\r\n  a="1\r\n2"\n\tb=\'x\ry\'\r>in</t>',
    '<e\n x="\n"/>',
    '<p><q/>mixed\n<r>x</r> tail</p>',
  ),
);

const payloadArb = fc
  .tuple(
    fc.constantFrom('', '<?xml version="1.0"?>\r\n', '<?xml version="1.0"?>'),
    fc.array(piece, { maxLength: 6 }),
    fc.boolean(),
    fc.constantFrom('', '\n', '\r\n', '\r', '  '),
  )
  .map(
    ([prolog, pieces, wrapped, end]) =>
      `${prolog}${wrapped ? `<w>${pieces.join('')}</w>` : pieces.join('')}${end}`,
  );

const optionsArb = fc.record({
  buildIndex: fc.boolean(),
  indent: fc.constantFrom(0, 2, 4),
  inlineTextMax: fc.constantFrom(0, 8, 160),
});

function cut(xml: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (xml.length + 1)))].sort((a, b) => a - b);
  return [...at, xml.length].map((to, i) => xml.slice(i === 0 ? 0 : at[i - 1], to));
}

describe('the pretty line starts recorded while writing', () => {
  it('are the starts found in the text, whole or in parts, for random payloads', () => {
    fc.assert(
      fc.property(
        payloadArb,
        optionsArb,
        fc.array(fc.nat(), { maxLength: 8 }),
        (xml, options: AnalyzeOptions, cuts) => {
          const whole = analyzeXml(xml, options);
          expect(whole.prettyLineStarts).toEqual(lineStartsOf(whole.pretty.toString()));
          expect((whole.prettyLineStarts?.length ?? 0) - 1).toBe(whole.prettyLineCount);
          const analyzer = new XmlAnalyzer(options);
          for (const part of cut(xml, cuts)) analyzer.write(part);
          expect(analyzer.end().prettyLineStarts).toEqual(whole.prettyLineStarts);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['', ''],
    ['  \r\n ', ''],
    ['<a/>', '<a/>\n'],
    ['<a>x\r\ny</a>', '<a>\n  x\ny\n</a>\n'],
    ['<!--\r-->\r\n<b/>', '<!--\n-->\n<b/>\n'],
  ])('are right for %j', (xml, pretty) => {
    const analysis = analyzeXml(xml);
    expect(analysis.pretty.toString()).toBe(pretty);
    expect(analysis.prettyLineStarts).toEqual(lineStartsOf(pretty));
  });

  it('are the empty text’s for a payload with no line', () => {
    expect(Array.from(analyzeXml('').prettyLineStarts ?? [])).toEqual([1]);
  });

  it('are not recorded when only lines are counted', () => {
    const analysis = analyzeXml('<a>\n<b/>\n</a>', { emitPretty: false });
    expect(analysis.prettyLineCount).toBe(3);
    expect(analysis.prettyLineStarts).toBeNull();
  });
});

/** One step of writing, as the layout drives PrettyLines. */
const stepArb = fc.oneof(
  fc.record({ op: fc.constant('start' as const), depth: fc.nat(3) }),
  fc.record({ op: fc.constant('finish' as const) }),
  fc.record({ op: fc.constant('range' as const), text: fc.constantFrom('x', 'abc', '', ' é ') }),
  fc.record({
    op: fc.constant('content' as const),
    text: fc.constantFrom('a\nb', '\r\n', '\r', 'x\r\ny\rz\n', '\n\n', 'plain'),
  }),
  fc.record({
    op: fc.constant('tag' as const),
    source: fc.constantFrom('<t a="1">', '<t a="1\r\n2"\n b="\r">', '<t\n/>'),
  }),
);

/** `source` read as a start tag with its attributes, as the reader would report it. */
function startTag(source: string): StartTag {
  const tag = new StartTag();
  tag.source = source;
  tag.from = 0;
  tag.to = source.length;
  tag.nameStart = 1;
  tag.nameEnd = 2;
  for (const match of source.matchAll(/(\w+)="([^"]*)"/g)) {
    const nameStart = match.index;
    const valueStart = nameStart + (match[1]?.length ?? 0) + 2;
    tag.attrs.push(
      nameStart,
      nameStart + (match[1]?.length ?? 0),
      valueStart,
      valueStart + (match[2]?.length ?? 0),
    );
  }
  return tag;
}

describe('PrettyLines.takeLineStarts', () => {
  const lines = (emitText = true) =>
    new PrettyLines({ emitText, indent: 2, onHead: undefined, headChars: 0 });

  it('gives the starts found in the text, ended by a line break or not', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const writer = lines();
        for (const step of steps) {
          if (step.op === 'start') writer.startLine(step.depth);
          else if (step.op === 'finish') writer.finishLine();
          else if (step.op === 'range') writer.appendRange(step.text, 0, step.text.length);
          else if (step.op === 'content') writer.appendContent(step.text, 0, step.text.length);
          else writer.writeStartTag(startTag(step.source), false);
        }
        const text = writer.text().toString();
        const starts = writer.takeLineStarts();
        expect(starts).toEqual(lineStartsOf(text));
        expect(text.split('\n').length - 1).toBe(writer.line);
      }),
      { numRuns: 500 },
    );
  });

  it('hands the starts over once', () => {
    const writer = lines();
    writer.startLine(1);
    writer.finishLine();
    expect(Array.from(writer.takeLineStarts() ?? [])).toEqual([0, 3]);
    expect(writer.takeLineStarts()).toBeNull();
  });

  it('records nothing when only lines are counted', () => {
    const writer = lines(false);
    writer.appendContent('a\r\nb\n', 0, 5);
    writer.finishLine();
    expect(writer.line).toBe(3);
    expect(writer.takeLineStarts()).toBeNull();
  });
});
