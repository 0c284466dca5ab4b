import { analyzeXml } from '../analyze-xml.ts';
import { prepareXPathDocument, type XPathDocument } from './xpath-document.ts';

/**
 * For tests and benchmarks: the payload with the index the viewer's worker would have built.
 * @throws {XmlSyntaxError} when the text is not well-formed.
 */
export function prepareXPathText(xml: string): XPathDocument {
  const { index } = analyzeXml(xml, { emitPretty: false });
  if (!index) throw new Error('analyzeXml built no index');
  return prepareXPathDocument(xml, index);
}
