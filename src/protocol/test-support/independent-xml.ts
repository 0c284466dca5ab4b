/**
 * Test-only: a namespace-aware, strict XML 1.0 parser that shares nothing with the client's
 * decoder (saxes), so tests cannot agree with the client on a mistake.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface IndependentElement {
  namespace: string;
  localName: string;
  attributes: Array<{ namespace: string; localName: string; value: string }>;
  children: Array<IndependentElement | string>;
}

/**
 * Parses a whole document; throws on anything not well-formed (including `&#x1;`).
 *
 * @example
 * parseIndependently('<a xmlns="u"/>').namespace; // 'u'
 */
export function parseIndependently(xml: string): IndependentElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: IndependentElement[] = [];
  let root: IndependentElement | null = null;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new Error('DOCTYPE');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const element: IndependentElement = {
      namespace: tag.uri,
      localName: tag.local,
      attributes: Object.values(tag.attributes)
        .filter((a) => a.prefix !== 'xmlns' && a.name !== 'xmlns')
        .map((a) => ({ namespace: a.uri, localName: a.local, value: a.value })),
      children: [],
    };
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string): void => {
    stack[stack.length - 1]?.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

export function elementChildren(element: IndependentElement): IndependentElement[] {
  return element.children.filter((c): c is IndependentElement => typeof c !== 'string');
}

export function textOf(element: IndependentElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** Every element in document order. */
export function allElements(element: IndependentElement): IndependentElement[] {
  return [element, ...elementChildren(element).flatMap(allElements)];
}
