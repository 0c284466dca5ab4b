/**
 * XPath 1.0 over a prepared payload (library: `xpath`, a complete XPath 1.0 implementation that
 * works on any W3C-style DOM; here the index DOM of index-dom.ts, so it runs in a worker without
 * parsing again). Results keep their XPath type: a node-set, a number, a string or a boolean.
 * Errors carry a position.
 */
import * as xpath from 'xpath';
import { ExactPaths } from './exact-path.ts';
import { installXPathSpeedups } from './xpath-speedups.ts';
import type { IndexAttribute, IndexNode, XPathDomNode } from './index-dom.ts';
import { recordsOf, type XPathRecords } from './xpath-records.ts';
import type { XPathDocument } from './xpath-document.ts';
import { locateXPathError, type XPathErrorDetail } from './xpath-errors.ts';
import { errorMessage } from '../../text/error-message.ts';

export interface XPathNodeResult {
  /** 1: element, 2: attribute, 3: text, 4: CDATA, 7: PI, 8: comment, 9: document. */
  nodeType: number;
  name: string;
  /** An XPath that selects exactly this node (positional steps, prefixes as bound). */
  path: string;
  /** The text value (attributes, text) or the first characters of the element's text. */
  value: string;
  /** The index node to reveal: the node itself, or the element an attribute belongs to. */
  node: number;
}

export type XPathValue =
  | {
      kind: 'nodes';
      count: number;
      /** The first `limit` nodes in document order. */
      nodes: XPathNodeResult[];
      /** When every node is an element of one name: the nodes as records. */
      records: XPathRecords | null;
    }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; error: XPathErrorDetail };

/** Nodes described to the page; the count says how many matched in all. */
export const DEFAULT_NODE_LIMIT = 1_000;
const VALUE_CHARS = 200;

installXPathSpeedups();

function clip(text: string): string {
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

function describe(node: XPathDomNode, paths: ExactPaths): XPathNodeResult {
  if (node.nodeType === 2) {
    const attribute = node as IndexAttribute;
    return {
      nodeType: 2,
      name: attribute.nodeName,
      path: paths.of(attribute),
      value: clip(attribute.value),
      node: attribute.ownerElement.indexId,
    };
  }
  const element = node as IndexNode;
  // An element's text is read only up to what is shown.
  const value = element.nodeType === 1 ? element.textContent : (element.nodeValue ?? '');
  return {
    nodeType: element.nodeType,
    name: element.nodeName,
    path: paths.of(element),
    value: clip(value),
    node: element.indexId,
  };
}

/**
 * @example evaluateXPath(prepareXPathText(xml), "//d:Stub[@MediaType='video']")
 */
export function evaluateXPath(
  prepared: XPathDocument,
  expression: string,
  limit = DEFAULT_NODE_LIMIT,
): XPathValue {
  if (expression.trim() === '') {
    return { kind: 'error', error: { message: 'Enter an XPath expression', position: 0 } };
  }
  let result: unknown;
  try {
    result = xpath.useNamespaces(prepared.namespaces)(expression, prepared.document.root as never);
  } catch (error) {
    const message = errorMessage(error);
    return { kind: 'error', error: locateXPathError(expression, message, prepared.namespaces) };
  }
  if (typeof result === 'number') return { kind: 'number', value: result };
  if (typeof result === 'boolean') return { kind: 'boolean', value: result };
  if (typeof result === 'string') return { kind: 'string', value: result };
  const all = (Array.isArray(result) ? result : [result]) as XPathDomNode[];
  const shown = all.slice(0, limit);
  const paths = new ExactPaths(prepared.namespaces);
  return {
    kind: 'nodes',
    count: all.length,
    nodes: shown.map((node) => describe(node, paths)),
    records: recordsOf(shown),
  };
}
