// The W3C XML Conformance Test Suite decides what is XML: every not-well-formed case of the
// selection (see conformance-suite.test-helper.ts for what is left out and why) is refused,
// every well-formed one accepted, and the viewer's pretty text keeps its information set.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeXml } from '../analyze-xml.ts';
import {
  loadConformanceSelection,
  saxesInformationSet,
  type ConformanceSelection,
} from './conformance-suite.test-helper.ts';
import { ignoreXml, readXml, XmlReader } from './xml-reader.ts';
import { XmlSyntaxError } from './xml-syntax-error.ts';

let selection: ConformanceSelection;
beforeAll(() => {
  selection = loadConformanceSelection();
});

function verdict(text: string): XmlSyntaxError | null {
  try {
    readXml(text, ignoreXml);
    return null;
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
}

/** The same text fed in chunks of `size` characters. */
function chunkedVerdict(text: string, size: number): XmlSyntaxError | null {
  try {
    const reader = new XmlReader(ignoreXml);
    for (let at = 0; at < text.length; at += size) reader.write(text.slice(at, at + size));
    reader.end();
    return null;
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
}

describe('the W3C XML Conformance Test Suite', () => {
  it('selects hundreds of cases of each kind, leaving out only what a service answer cannot be', () => {
    const wellFormed = selection.cases.filter((c) => c.wellFormed).length;
    const notWellFormed = selection.cases.length - wellFormed;
    expect(wellFormed).toBeGreaterThan(700);
    expect(notWellFormed).toBeGreaterThan(230);
    expect([...selection.excluded.keys()].sort()).toEqual(
      [
        'XML 1.1',
        'editions 1-4 only',
        'external entities',
        'fault in the bytes',
        'namespace-unaware',
        'not-wf with a DOCTYPE',
        "the package's bad tests",
        'optional error',
        'well-formed only with its DTD',
      ].sort(),
    );
  });

  it('refuses every not-well-formed case, whole and in chunks', () => {
    const accepted: string[] = [];
    for (const c of selection.cases.filter((c) => !c.wellFormed)) {
      if (verdict(c.text) === null) accepted.push(`${c.id} (§${c.sections})`);
      else if (chunkedVerdict(c.text, 7) === null) accepted.push(`${c.id} in chunks`);
    }
    expect(accepted).toEqual([]);
  });

  it('never accepts a not-well-formed case silently when characters are only reported', () => {
    const silent: string[] = [];
    for (const c of selection.cases.filter((c) => !c.wellFormed)) {
      let reported = false;
      try {
        readXml(c.text, ignoreXml, { onCharacterProblem: () => (reported = true) });
      } catch (error) {
        if (!(error instanceof XmlSyntaxError)) throw error;
        reported = true;
      }
      if (!reported) silent.push(c.id);
    }
    expect(silent).toEqual([]);
  });

  it('accepts every well-formed case, whole and in chunks', () => {
    const refused: string[] = [];
    for (const c of selection.cases.filter((c) => c.wellFormed)) {
      const error = verdict(c.text) ?? chunkedVerdict(c.text, 5);
      if (error) refused.push(`${c.id}: ${error.message}`);
    }
    expect(refused).toEqual([]);
  });

  it("keeps every well-formed case's information set in the pretty text", () => {
    const changed: string[] = [];
    for (const c of selection.cases.filter((c) => c.wellFormed)) {
      const pretty = analyzeXml(c.text, { buildIndex: false }).pretty.toString();
      const before = saxesInformationSet(c.text);
      let after: string[];
      try {
        after = saxesInformationSet(pretty);
      } catch (error) {
        changed.push(`${c.id}: the pretty text is not XML: ${String(error)}`);
        continue;
      }
      if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(c.id);
    }
    expect(changed).toEqual([]);
  });
});
