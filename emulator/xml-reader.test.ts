import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readXml } from './xml-reader.ts';
import { escapeAttribute, escapeText } from './xml-escape.ts';
import { element, writeDocument } from './xml-node.ts';

describe('readXml', () => {
  it('resolves namespaces, prefixes and default namespaces', () => {
    const { root, error } = readXml(
      '<?xml version="1.0"?><s:E xmlns:s="urn:s"><B xmlns="urn:d"><C a="1">t</C></B></s:E>',
    );
    expect(error).toBeNull();
    expect(root?.namespace).toBe('urn:s');
    const b = root?.children[0];
    expect(b?.namespace).toBe('urn:d');
    expect(b?.children[0]?.text).toBe('t');
    expect(b?.children[0]?.attributes[0]).toMatchObject({
      localName: 'a',
      value: '1',
      namespace: '',
    });
  });

  it('decodes predefined entities, character references and CDATA', () => {
    const { root } = readXml(
      '<a>&lt;&amp;&gt;&quot;&apos;&#65;&#x42;<![CDATA[<raw> & stuff]]></a>',
    );
    expect(root?.text).toBe('<&>"\'AB<raw> & stuff');
  });

  it('refuses a DOCTYPE without expanding anything', () => {
    const { error } = readXml('<!DOCTYPE a [ <!ENTITY x "EXPANDED"> ]><a>&x;</a>');
    expect(error?.message).toBe('DTD is prohibited in this XML document.');
  });

  it('refuses undeclared entities, characters XML forbids (raw or referenced) and bad structure', () => {
    expect(readXml('<a>&nbsp;</a>').error).not.toBeNull();
    expect(readXml('<a>\u0001</a>').error?.message).toMatch(
      /hexadecimal value 0x01, is an invalid character/,
    );
    expect(readXml('<a>&#x1;</a>').error).not.toBeNull();
    expect(readXml('<a><b></a>').error).not.toBeNull();
    expect(readXml('<a/><b/>').error).not.toBeNull();
    expect(readXml('<p:a/>').error?.message).toMatch(/undeclared prefix/);
    expect(readXml('').error?.message).toMatch(/^Root element is missing/);
  });

  it('reports the root-level error with .NET line and position', () => {
    expect(readXml('this is not xml').error?.message).toBe(
      'Data at the root level is invalid. Line 1, position 1.',
    );
  });

  it('keeps what it read before an error (routing needs the first body element)', () => {
    const { root, error } = readXml('<E><B><Op><K>v</K></B>');
    expect(error).not.toBeNull();
    expect(root?.children[0]?.children[0]?.localName).toBe('Op');
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const result = readXml(text);
        expect(result.root !== null || result.error !== null).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips any text through the writer and the reader', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        // eslint-disable-next-line no-control-regex -- removing what XML 1.0 cannot carry
        const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\r\ufffe\uffff]/g, '');
        const xml = writeDocument(element('a', [['v', clean]], clean), false);
        const { root, error } = readXml(xml);
        expect(error).toBeNull();
        expect(root?.text).toBe(clean);
        expect(root?.attributes[0]?.value).toBe(clean);
      }),
      { numRuns: 300 },
    );
  });
});

describe('escaping as the captured server does', () => {
  const sample = 'Tom & Jerry a < b > c ]]> "dq" \'sq\' café 漢字 😀 a+b 100%\u0001';
  it('escapes element text: & < > and control characters, quotes raw', () => {
    expect(escapeText(sample)).toBe(
      'Tom &amp; Jerry a &lt; b &gt; c ]]&gt; "dq" \'sq\' café 漢字 😀 a+b 100%&#x1;',
    );
  });
  it('escapes attribute values: also double quotes, and line breaks as references', () => {
    expect(escapeAttribute(sample)).toBe(
      "Tom &amp; Jerry a &lt; b &gt; c ]]&gt; &quot;dq&quot; 'sq' café 漢字 😀 a+b 100%&#x1;",
    );
    expect(escapeAttribute('a\nb')).toBe('a&#xA;b');
  });
  it('writes empty elements as <X /> and indents with two spaces and LF', () => {
    const xml = writeDocument(
      element('R', [], [element('A', [], ''), element('B', [], [element('C', [], 'x')])]),
      true,
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<R>\n  <A />\n  <B>\n    <C>x</C>\n  </B>\n</R>',
    );
  });
});
