import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeXml } from './analyze-xml.ts';
import { prettyHead } from './pretty-head.ts';
import { randomElement } from './random-xml.test-helper.ts';

describe('prettyHead', () => {
  it('is the start of the whole pretty text, read from a prefix of a large payload', () => {
    const xml = `<r>${'<s a="1">\n  <t>x &amp; y</t>\n</s>'.repeat(200_000)}</r>`;
    const head = prettyHead(xml, 12_000);
    expect(head).not.toBeNull();
    expect(head!.length).toBeGreaterThan(11_900);
    expect(head!.length).toBeLessThan(12_100);
    expect(head!.endsWith('\n')).toBe(true);
    expect(analyzeXml(xml).pretty.toString().startsWith(head!)).toBe(true);
  });

  it('gives the whole pretty text of a payload shorter than a head', () => {
    expect(prettyHead('<a><b>1</b></a>', 12_000)).toBe('<a>\n  <b>1</b>\n</a>\n');
  });

  it('is null when the first lines are malformed', () => {
    expect(prettyHead('<a><b></a>', 12_000)).toBeNull();
  });

  it('leaves out a text the prefix cuts short: its line is not known yet', () => {
    const oneLongText = `<r><t>${'x'.repeat(400_000)}</t></r>`;
    expect(prettyHead(oneLongText, 1_000)).toBe('<r>\n  <t>\n');
    const lines = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join('\n');
    const multiLine = `<r><t>${lines}</t></r>`;
    const head = prettyHead(multiLine, 1_000, [2_000]);
    expect(head?.endsWith('\n')).toBe(true);
    expect(analyzeXml(multiLine).pretty.toString().startsWith(head!)).toBe(true);
  });

  it('on random documents and cut-offs: null, the whole text, or a prefix of its lines', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            randomElement,
            // Texts past the inline limit and across lines, which a cut can end inside.
            fc
              .tuple(fc.integer({ min: 0, max: 400 }), fc.boolean())
              .map(([length, multiLine]) =>
                multiLine ? 'ab\n'.repeat(length) : 'y'.repeat(length),
              ),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 3 }),
        (children, headChars, windows) => {
          const xml = `<root>${children.join('')}</root>`;
          const pretty = analyzeXml(xml).pretty.toString();
          const head = prettyHead(xml, headChars, windows);
          if (head === null || head === pretty) return;
          expect(head.endsWith('\n')).toBe(true);
          expect(pretty.startsWith(head)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
