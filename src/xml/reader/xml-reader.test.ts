import { describe, expect, it } from 'vitest';
import {
  ignoreXml,
  readXml,
  XmlReader,
  type XmlReadHandler,
  type XmlReadOptions,
} from './xml-reader.ts';
import { XmlSyntaxError } from './xml-syntax-error.ts';

function recorder(xml: string, seen: string[]): XmlReadHandler {
  return {
    startTag: (_s, ns, ne) => seen.push(`start ${xml.slice(ns, ne)}`),
    attribute: (ns, ne, vs, ve) => seen.push(`attr ${xml.slice(ns, ne)}=${xml.slice(vs, ve)}`),
    startTagEnd: (_e, self) => seen.push(self ? 'self-close' : 'open'),
    endTag: (_s, ns, ne) => seen.push(`end ${xml.slice(ns, ne)}`),
    text: (s, e) => seen.push(`text ${xml.slice(s, e)}`),
    cdata: (s, e) => seen.push(`cdata ${xml.slice(s, e)}`),
    comment: (s, e) => seen.push(`comment ${xml.slice(s, e)}`),
    processingInstruction: (s, e) => seen.push(`pi ${xml.slice(s, e)}`),
  };
}

function tokens(xml: string, options: XmlReadOptions = {}): string[] {
  const seen: string[] = [];
  readXml(xml, recorder(xml, seen), options);
  return seen;
}

/** The same events, fed `size` characters at a time; adjacent text events joined. */
function chunkedTokens(xml: string, size: number, options: XmlReadOptions = {}): string[] {
  const seen: string[] = [];
  const reader = new XmlReader(recorder(xml, seen), options);
  for (let at = 0; at < xml.length; at += size) reader.write(xml.slice(at, at + size));
  reader.end();
  return seen.reduce<string[]>((joined, event) => {
    const last = joined[joined.length - 1];
    if (event.startsWith('text ') && last?.startsWith('text ')) {
      joined[joined.length - 1] = last + event.slice(5);
    } else joined.push(event);
    return joined;
  }, []);
}

function syntaxErrorOf(xml: string, options: XmlReadOptions = {}): XmlSyntaxError {
  try {
    tokens(xml, options);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${xml}`);
}

describe('readXml', () => {
  it('reports elements, attributes and text as offsets', () => {
    expect(tokens('<a x="1" y=\'2\'>hi</a>')).toEqual([
      'start a',
      'attr x=1',
      'attr y=2',
      'open',
      'text hi',
      'end a',
    ]);
  });

  it('keeps ">" and the other quote inside quoted attribute values', () => {
    expect(tokens('<a href="x>y" t=\'say "hi"\'/>')).toEqual([
      'start a',
      'attr href=x>y',
      'attr t=say "hi"',
      'self-close',
    ]);
  });

  it('handles self-closing tags with and without a space, and spaces around "="', () => {
    expect(tokens('<r><a/><b /><c x = "1" /></r>')).toEqual([
      'start r',
      'open',
      'start a',
      'self-close',
      'start b',
      'self-close',
      'start c',
      'attr x=1',
      'self-close',
      'end r',
    ]);
  });

  it('reports CDATA whole, with markup and "]]" inside left alone', () => {
    expect(tokens('<a><![CDATA[<b>&amp; ]] ]]></a>')).toEqual([
      'start a',
      'open',
      'cdata <![CDATA[<b>&amp; ]] ]]>',
      'end a',
    ]);
  });

  it('reports comments, processing instructions and the XML declaration', () => {
    expect(tokens('<?xml version="1.0"?><!-- a <b> --><a><?pi x?></a>')).toEqual([
      'pi <?xml version="1.0"?>',
      'comment <!-- a <b> -->',
      'start a',
      'open',
      'pi <?pi x?>',
      'end a',
    ]);
  });

  it('refuses a DOCTYPE with its own kind of problem', () => {
    const error = syntaxErrorOf('<!DOCTYPE a [<!ENTITY e "x>y">]><a/>');
    expect(error.kind).toBe('doctype');
    expect(error.reason).toMatch(/^A DOCTYPE declaration: refused/);
  });

  it('keeps references raw in text and attributes', () => {
    expect(tokens('<a t="&lt;&quot;">&amp;&#x41;</a>')).toEqual([
      'start a',
      'attr t=&lt;&quot;',
      'open',
      'text &amp;&#x41;',
      'end a',
    ]);
  });

  it('refuses &#x1; and a raw U+0001, or reports them and reads on when asked', () => {
    expect(syntaxErrorOf('<a>&#x1;</a>').kind).toBe('character');
    expect(syntaxErrorOf('<a>\u0001</a>').reason).toBe(
      'The character U+0001: XML 1.0 does not allow it (§2.2)',
    );
    const reported: string[] = [];
    expect(
      tokens('<a t="&#x1;">\u0001</a>', { onCharacterProblem: (p) => reported.push(p.message) }),
    ).toEqual(['start a', 'attr t=&#x1;', 'open', 'text \u0001', 'end a']);
    expect(reported).toEqual([
      'The character reference &#x1; names a character XML 1.0 does not allow (§2.2, §4.1) (line 1, column 7)',
      'The character U+0001: XML 1.0 does not allow it (§2.2) (line 1, column 14)',
    ]);
  });

  it('accepts prefixed names and namespace declarations', () => {
    expect(tokens('<s:E xmlns:s="urn:s" xmlns=""><s:B/></s:E>')).toEqual([
      'start s:E',
      'attr xmlns:s=urn:s',
      'attr xmlns=',
      'open',
      'start s:B',
      'self-close',
      'end s:E',
    ]);
  });

  it('accepts non-ASCII names and text', () => {
    expect(tokens('<café nom="漢字">😀</café>')).toEqual([
      'start café',
      'attr nom=漢字',
      'open',
      'text 😀',
      'end café',
    ]);
  });

  it('reports a mismatched closing tag with its line and column', () => {
    const error = syntaxErrorOf('<a>\n  <b></c>\n</a>');
    expect(error.reason).toBe('The end tag </c> does not match <b>: expected </b>');
    expect(error.line).toBe(2);
    expect(error.column).toBe(6);
    expect(error.message).toContain('line 2, column 6');
  });

  it.each([
    ['<a>', 'The document ends before <a> is closed: expected </a>'],
    ['<a x=1/>', 'The attribute x needs a quoted value but found "1/>"'],
    ['<a x="1/>', 'The value of the attribute x is not closed'],
    ['<a x="<"/>', '"<" is not allowed in an attribute value: write "&lt;"'],
    ['<a><!-- x</a>', 'A comment is not closed: expected "-->"'],
    ['<a><!-- x -- y --></a>', '"--" is not allowed inside a comment'],
    ['<a><![CDATA[x</a>', 'A CDATA section is not closed: expected "]]>"'],
    ['</a>', 'The end tag </a> has no start tag'],
    ['<a', 'The input ends inside an element name after "<"'],
    ['<a ', 'The start tag <a is not closed: expected ">"'],
    ['< a/>', 'Expected an element name after "<" but found " a/>"'],
    ['<.doc/>', 'Expected an element name after "<" but found ".doc/>"'],
    ['<123/>', 'Expected an element name after "<" but found "123/>"'],
    ['<a x="1"y="2"/>', 'Expected a space, ">" or "/>" in <a but found "y=\\"2\\"/>"'],
    ['<a x="1" x="2"/>', 'The attribute x appears twice in one tag'],
    ['<a>x ]]> y</a>', '"]]>" is not allowed in text: write "]]&gt;"'],
    ['<a>&.entity;</a>', 'A bare "&": write "&amp;", or a reference such as &lt; or &#38;'],
    [
      '<a>&nbsp;</a>',
      'The entity &nbsp; is not declared: without a DTD only &amp; &lt; &gt; &quot; &apos; exist',
    ],
    ['<a>&#xZ;</a>', 'A malformed character reference "&#xZ;</a>": expected &#digits; or &#xhex;'],
    ['<a><!x></a>', 'Unknown markup "<!x></a>": expected "<!--" or "<![CDATA["'],
    ['<a/><b/>', 'A second root element <b>: a document has one'],
    ['x<a/>', 'Text before the root element: found "x<a/>", expected an element'],
    [
      '<a/>x',
      'Text after the root element: found "x", expected only comments, processing instructions or whitespace',
    ],
    ['<![CDATA[x]]><a/>', 'A CDATA section outside the root element: expected an element'],
    ['', 'No root element: expected an element'],
    [
      '<a/><?xml version="1.0"?>',
      '<?xml is reserved: the XML declaration may only open the document',
    ],
    [
      '<?xml version="2.0"?><a/>',
      'A malformed XML declaration: expected <?xml version="1.0" encoding="…" standalone="yes|no"?> in that order',
    ],
  ])('refuses %j with a clear reason', (xml, reason) => {
    expect(syntaxErrorOf(xml).reason).toBe(reason);
  });

  it.each([
    [
      '<p:a/>',
      'The prefix "p" of <p:a> is not declared: expected an xmlns:p attribute here or on an ancestor',
    ],
    ['<a p:x="1"/>', 'The prefix "p" of the attribute p:x is not declared'],
    ['<a xmlns:p="urn:p"/><!-- --><p:b/>', 'A second root element <p:b>: a document has one'],
    [
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>',
      "The attribute q:x repeats another attribute's namespace and local name (Namespaces §6.3)",
    ],
    ['<a xmlns:p=""/>', 'xmlns:p="" is not allowed: Namespaces 1.0 cannot undeclare a prefix'],
    ['<a:b:c xmlns:a="urn:a"/>', 'The name "a:b:c" has more than one ":" (Namespaces §3)'],
    ['<xmlns:a/>', 'The prefix xmlns cannot name an element (Namespaces §3)'],
  ])('refuses %j as a namespace error', (xml, reason) => {
    expect(syntaxErrorOf(xml).reason).toBe(reason);
  });

  it('reads element content as a fragment: several elements, text and references at the top', () => {
    expect(tokens('x &amp;<a/><b/>', { fragment: true })).toEqual([
      'text x &amp;',
      'start a',
      'self-close',
      'start b',
      'self-close',
    ]);
  });

  it('gives the same events whole and in chunks of any size', () => {
    const xml =
      '\uFEFF<?xml version="1.0"?><!-- c --><r xmlns:p="urn:p" p:a="&lt;&#x1F600;">t &amp; 😀 ]] x<p:s/><![CDATA[ <x> ]]><?pi d?>\r\n</r>';
    const whole = chunkedTokens(xml, xml.length);
    for (const size of [1, 2, 3, 7, 16]) expect(chunkedTokens(xml, size)).toEqual(whole);
  });

  it('gives the same verdict in chunks when a construct is cut at its last character', () => {
    for (const xml of [
      '<a>&amp</a>',
      '<a>]]></a>',
      '<a><!-- x --- --></a>',
      '<a b="1"',
      '<a>\uD800</a>',
    ]) {
      const whole = (() => {
        try {
          tokens(xml);
          return 'accepted';
        } catch (error) {
          return (error as XmlSyntaxError).reason;
        }
      })();
      for (const size of [1, 2, 3]) {
        let chunked = 'accepted';
        try {
          chunkedTokens(xml, size);
        } catch (error) {
          chunked = (error as XmlSyntaxError).reason;
        }
        expect(chunked, `${xml} in chunks of ${size}`).toBe(whole);
      }
    }
  });

  it('finds the closers of comments, CDATA and PIs cut by chunks, near misses included', () => {
    const xml =
      '<r><!-- a - b -x- - --><![CDATA[ ] ]] ]]] ]>]]]><?pi a ? b ?? ?>?><!---->x<![CDATA[]]></r>';
    const whole = chunkedTokens(xml, xml.length);
    expect(whole).toContain('comment <!-- a - b -x- - -->');
    for (let size = 1; size <= 9; size++) expect(chunkedTokens(xml, size)).toEqual(whole);
    for (const bad of ['<r><!-- a -- b --></r>', '<r><!-- a ---></r>']) {
      const reason = syntaxErrorOf(bad).reason;
      for (let size = 1; size <= 5; size++) {
        expect(() => chunkedTokens(bad, size), `${bad} in chunks of ${size}`).toThrow(reason);
      }
    }
  });

  it('reads a long comment and CDATA in chunks as whole, and places an error deep inside the same', () => {
    const body = 'line - ] ]] ? \n'.repeat(4000);
    const xml = `<r><!--${body}--><![CDATA[${body}]]><?pi ${body}?></r>`;
    const whole = chunkedTokens(xml, xml.length);
    for (const size of [1000, 4096, 65536]) expect(chunkedTokens(xml, size)).toEqual(whole);
    const bad = `<r><!--${body}--x${body}--></r>`;
    const message = syntaxErrorOf(bad).message;
    expect(message).toContain('line 4001');
    for (const size of [1000, 4096]) expect(() => chunkedTokens(bad, size)).toThrow(message);
  });

  it('quotes the same source in a refusal whatever the chunks', () => {
    const xml = '<w a="1"<!-- a comment --></w>';
    const whole = syntaxErrorOf(xml).message;
    expect(whole).toContain('but found "<!-- a comme"');
    for (const size of [1, 2, 9]) {
      expect(() => chunkedTokens(xml, size), `chunks of ${size}`).toThrow(whole);
    }
  });

  it('reports a character problem once when its start tag is cut by chunks', () => {
    const problems: string[] = [];
    const reader = new XmlReader(ignoreXml, {
      onCharacterProblem: (p) => problems.push(p.message),
    });
    for (const chunk of ['<a b="&#x1;"', ' c', '="2"', '/>']) reader.write(chunk);
    reader.end();
    expect(problems).toHaveLength(1);
  });

  it('counts lines across chunks for the position of an error', () => {
    const reader = new XmlReader(ignoreXml);
    reader.write('<a>\n<b>\n');
    expect(() => reader.write('</b>\n  </c>')).toThrow(
      'The end tag </c> does not match <a>: expected </a> (line 4, column 3)',
    );
  });

  it('reports progress while reading long input', () => {
    const xml = `<r>${'<s>x</s>'.repeat(1000)}</r>`;
    const offsets: number[] = [];
    readXml(xml, ignoreXml, { progressEvery: 1000, onProgress: (o) => offsets.push(o) });
    expect(offsets.length).toBeGreaterThan(5);
    expect(offsets[offsets.length - 1]).toBe(xml.length);
  });

  it('stays linear on a one-line payload of 200,000 elements', () => {
    const xml = `<r>${'<s a="1">x</s>'.repeat(200_000)}</r>`;
    let count = 0;
    readXml(xml, { ...ignoreXml, startTag: () => (count += 1) });
    expect(count).toBe(200_001);
  });
});
