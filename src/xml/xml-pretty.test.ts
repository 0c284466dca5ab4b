import { describe, expect, it } from 'vitest';
import { prettyXml } from './xml-pretty.ts';

describe('prettyXml', () => {
  it('indents nested elements and keeps leaves on one line', () => {
    expect(prettyXml('<?xml version="1.0"?><a><b>x</b><c/></a>')).toBe(
      '<?xml version="1.0"?>\n<a>\n  <b>x</b>\n  <c/>\n</a>',
    );
  });

  it('keeps attribute values with > intact', () => {
    expect(prettyXml('<a t="1>2"><b/></a>')).toBe('<a t="1>2">\n  <b/>\n</a>');
  });

  it('returns text that is not XML unchanged', () => {
    expect(prettyXml('System.Exception: boom\n   at X')).toBe('System.Exception: boom\n   at X');
    expect(prettyXml('')).toBe('');
  });

  it('changes only whitespace between tags', () => {
    const xml = '<r><s a="1">t &amp; u</s><!-- c --><![CDATA[<x>]]></r>';
    expect(prettyXml(xml).replace(/>\s+</g, '><')).toBe(xml);
  });
});
