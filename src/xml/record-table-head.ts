/**
 * The first records of a record table, read from the start of the payload only, so the Table
 * view can show rows long before the whole document is indexed. The prefix up to the end of the
 * N-th child of the root is closed with the root's end tag and run through the same indexer and
 * table extraction as the whole document, so the preview's cells are exactly the final ones.
 */
import { analyzeXml } from './analyze-xml.ts';
import { extractRecordTable, type RecordTable } from './record-table.ts';
import { ignoreXml, XmlReader } from './reader/xml-reader.ts';
import { XmlSyntaxError } from './reader/xml-syntax-error.ts';

/** Thrown from the handler to stop the reader once the prefix is long enough. */
class PrefixFound extends Error {
  constructor(readonly end: number) {
    super('prefix found');
  }
}

/**
 * Null when the document has fewer than `maxRecords` children of its root (the whole table is
 * then quick to build anyway), is malformed in its first records, or has no record shape. With
 * `cutShort`, `xml` is only the start of a document (an answer still arriving): the records that
 * end within it make the table, however few.
 *
 * @example recordTableHead(xml, 200)?.values[0]?.length // 200
 */
export function recordTableHead(
  xml: string,
  maxRecords: number,
  cutShort = false,
): RecordTable | null {
  let depth = 0;
  let children = 0;
  let rootName = '';
  let lastChildEnd = -1;
  const childEnded = (end: number) => {
    children += 1;
    lastChildEnd = end;
    if (children >= maxRecords) throw new PrefixFound(end);
  };
  try {
    const reader = new XmlReader(
      {
        ...ignoreXml,
        startTag(_tagStart, nameStart, nameEnd) {
          if (depth === 0) rootName = xml.slice(nameStart, nameEnd);
        },
        startTagEnd(tagEnd, selfClosing) {
          if (!selfClosing) depth += 1;
          else if (depth === 1) childEnded(tagEnd);
        },
        endTag(_tagStart, _nameStart, _nameEnd, tagEnd) {
          depth -= 1;
          if (depth === 1) childEnded(tagEnd);
        },
      },
      { fragment: true, onCharacterProblem: () => {} },
    );
    reader.write(xml);
    // An answer still arriving is not ended: what is cut at its end is simply not read yet.
    if (!cutShort) reader.end();
    if (!cutShort || lastChildEnd < 0) return null;
    return tableOf(xml, lastChildEnd, rootName);
  } catch (error) {
    let end: number;
    if (error instanceof PrefixFound) {
      end = error.end;
    } else if (error instanceof XmlSyntaxError) {
      // A malformed record in an answer still arriving: the whole records before it make the table.
      if (!cutShort || lastChildEnd < 0 || error.offset < lastChildEnd) return null;
      end = lastChildEnd;
    } else {
      throw error;
    }
    return tableOf(xml, end, rootName);
  }
}

function tableOf(xml: string, end: number, rootName: string): RecordTable | null {
  const prefix = `${xml.slice(0, end)}</${rootName}>`;
  const { index } = analyzeXml(prefix, { emitPretty: false });
  return index && extractRecordTable(prefix, index);
}
