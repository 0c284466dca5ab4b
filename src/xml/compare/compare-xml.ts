/**
 * Compares two XML payloads by meaning: records row by row when both are record lists,
 * otherwise as trees. Whatever form a payload arrived in (literal, escaped, CDATA) is undone
 * first. Pure: runs in the compare worker and in Node.
 */
import { decodeXmlEntities } from '../xml-entities.ts';
import { parseMeaning, XmlMeaningError, type MeaningElement } from './xml-meaning-tree.ts';
import { diffRecordLists, recordNameOf, recordsOf, type RecordDiff } from './record-diff.ts';
import { diffTrees, type TreeDifference } from './tree-diff.ts';

export interface CompareOptions {
  /** The record column rows are keyed by; undefined picks an ID-like one, null pairs by position. */
  keyColumn?: string | null;
}

export type XmlComparison =
  | { mode: 'records'; same: boolean; records: RecordDiff }
  | { mode: 'tree'; same: boolean; differences: TreeDifference[] }
  | { mode: 'error'; same: false; side: 'left' | 'right'; message: string; offset: number };

/**
 * The payload as XML: a text that holds no element but escaped markup (`&lt;A/&gt;`) is the
 * escaped form, decoded once; a CDATA wrapper is unwrapped.
 */
export function payloadXml(text: string): string {
  const trimmed = text.trim();
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(trimmed);
  if (cdata) return cdata[1] ?? '';
  if (!trimmed.includes('<') && trimmed.startsWith('&lt;')) return decodeXmlEntities(trimmed);
  return text;
}

function parseSide(text: string, side: 'left' | 'right'): MeaningElement | XmlComparison {
  try {
    const roots = parseMeaning(payloadXml(text));
    if (roots.length === 1) return roots[0]!;
    // Several top-level elements: compare them under one synthetic root.
    return { kind: 'element', name: '(document)', attributes: [], children: roots };
  } catch (error) {
    if (error instanceof XmlMeaningError) {
      return { mode: 'error', same: false, side, message: error.message, offset: error.offset };
    }
    throw error;
  }
}

/**
 * @example compareXml(currentStubs, historyStubs).mode // 'records'
 */
export function compareXml(
  left: string,
  right: string,
  options: CompareOptions = {},
): XmlComparison {
  const l = parseSide(left, 'left');
  if ('mode' in l) return l;
  const r = parseSide(right, 'right');
  if ('mode' in r) return r;
  const recordName = recordNameOf(l) ?? recordNameOf(r);
  if (l.name === r.name && recordName !== null) {
    const records = diffRecordLists(recordsOf(l, recordName), recordsOf(r, recordName), {
      recordName,
      ...(options.keyColumn !== undefined ? { keyColumn: options.keyColumn } : {}),
    });
    const same =
      records.added.length === 0 && records.removed.length === 0 && records.changed.length === 0;
    // Anything outside the records (root attributes, other children) is compared as a tree.
    const outside = diffTrees(withoutRecords(l, recordName), withoutRecords(r, recordName));
    if (outside.length === 0) return { mode: 'records', same, records };
  }
  const differences = diffTrees(l, r);
  return { mode: 'tree', same: differences.length === 0, differences };
}

function withoutRecords(root: MeaningElement, recordName: string): MeaningElement {
  return {
    ...root,
    children: root.children.filter((c) => c.kind !== 'element' || c.name !== recordName),
  };
}
