// A small, strict, namespace-aware XML reader for SOAP request bodies. It refuses DTDs (like
// .NET's XmlReader with DtdProcessing.Prohibit), never expands entities other than the five
// predefined ones, rejects characters XML 1.0 forbids (raw or as references), and keeps the
// tree it read before an error: the ASMX pipeline routes on the first body element and only
// then reads the rest, so where an error happens decides between a 500 fault and a 400.
// Its reference decoding is independent of src/ on purpose (the emulator shares no code with the
// client beyond operations.ts), so that client and emulator cannot agree on a mistake.

/** An element read from the request, with its resolved namespace. */
export interface ReadElement {
  readonly namespace: string;
  readonly localName: string;
  readonly attributes: ReadonlyArray<{ namespace: string; localName: string; value: string }>;
  readonly children: ReadElement[];
  /** Concatenated character data (text and CDATA) directly inside this element. */
  text: string;
  /** True once the end tag was read. */
  closed: boolean;
}

export interface XmlReadError {
  readonly message: string;
  readonly line: number;
  readonly position: number;
}

export interface XmlReadResult {
  /** The root element as far as it was read (null if none was started). */
  readonly root: ReadElement | null;
  readonly error: XmlReadError | null;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

class ReadFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

interface OpenElement {
  element: ReadElement;
  qname: string;
  scope: Map<string, string>;
}

/**
 * Reads a whole document, stopping at the first error.
 * @example readXml('<a xmlns="urn:x"><b>1</b></a>').root?.children[0]?.text // '1'
 */
export function readXml(source: string): XmlReadResult {
  const state: { root: ReadElement | null } = { root: null };
  const stack: OpenElement[] = [];
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (message: string, at = i): never => {
    throw new ReadFailure(message, at);
  };
  const checkChars = (from: number, to: number): void => {
    for (let k = from; k < to; k++) {
      const code = source.codePointAt(k) ?? 0;
      if (!isXmlChar(code)) {
        fail(
          `'${String.fromCodePoint(code)}', hexadecimal value 0x${code.toString(16).toUpperCase().padStart(2, '0')}, is an invalid character.`,
          k,
        );
      }
      if (code > 0xffff) k++;
    }
  };
  const decode = (raw: string, at: number): string => {
    checkChars(at, at + raw.length);
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&]*);?/g, (match, ref: string) => {
      if (!match.endsWith(';')) fail('An error occurred while parsing EntityName.', at);
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!Number.isFinite(code) || !isXmlChar(code)) {
          fail(`Invalid character reference '${ref}'.`, at);
        }
        return String.fromCodePoint(code);
      }
      const value = PREDEFINED[ref];
      if (value === undefined) fail(`Reference to undeclared entity '${ref}'.`, at);
      return value ?? '';
    });
  };
  const resolve = (prefix: string, scope: Map<string, string>, at: number): string => {
    if (prefix === 'xml') return XML_NS;
    const uri = scope.get(prefix);
    if (uri === undefined) {
      if (prefix === '') return '';
      fail(`'${prefix}' is an undeclared prefix.`, at);
    }
    return uri ?? '';
  };

  try {
    let seenDeclaration = false;
    while (i < source.length) {
      const top = stack[stack.length - 1];
      const lt = source.indexOf('<', i);
      const textEnd = lt < 0 ? source.length : lt;
      if (textEnd > i) {
        const raw = source.slice(i, textEnd);
        if (top) top.element.text += decode(raw, i);
        else if (/[^ \t\r\n]/.test(raw))
          fail('Data at the root level is invalid.', i + raw.search(/[^ \t\r\n]/));
        i = textEnd;
        continue;
      }
      if (source.startsWith('<?', i)) {
        const end = source.indexOf('?>', i);
        if (end < 0) fail('Unexpected end of file while parsing PI has occurred.');
        const target = source.slice(i + 2, end).split(/[\s?]/, 1)[0] ?? '';
        if (target.toLowerCase() === 'xml') {
          if (i !== (source.charCodeAt(0) === 0xfeff ? 1 : 0) || seenDeclaration) {
            fail(
              'Unexpected XML declaration. The XML declaration must be the first node in the document, and no white space characters are allowed to appear before it.',
            );
          }
          seenDeclaration = true;
        }
        i = end + 2;
      } else if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i);
        if (end < 0) fail('Unexpected end of file while parsing Comment has occurred.');
        i = end + 3;
      } else if (source.startsWith('<!DOCTYPE', i)) {
        fail('DTD is prohibited in this XML document.', i + 2);
      } else if (source.startsWith('<![CDATA[', i)) {
        if (!top) fail('Data at the root level is invalid.');
        const end = source.indexOf(']]>', i);
        if (end < 0) fail('Unexpected end of file while parsing CDATA has occurred.');
        checkChars(i + 9, end);
        if (top) top.element.text += source.slice(i + 9, end);
        i = end + 3;
      } else if (source.startsWith('</', i)) {
        const match = NAME.exec(source.slice(i + 2, i + 2 + 1024));
        const qname = match?.[0] ?? '';
        if (!top || qname !== top.qname) {
          fail(
            top
              ? `The '${top.qname}' start tag does not match the end tag of '${qname}'.`
              : 'Unexpected end tag.',
          );
        }
        let k = i + 2 + qname.length;
        while (/[ \t\r\n]/.test(source[k] ?? '')) k++;
        if (source[k] !== '>') fail('Unexpected end of file has occurred.', k);
        if (top) top.element.closed = true;
        stack.pop();
        i = k + 1;
        if (stack.length === 0) break;
      } else if (source.startsWith('<', i)) {
        if (!top && state.root) fail('There are multiple root elements.');
        i = readStartTag(i);
      } else {
        fail('Data at the root level is invalid.');
      }
    }
    // After the root: only whitespace, comments and PIs.
    while (i < source.length) {
      const commentEnd = source.startsWith('<!--', i) ? source.indexOf('-->', i) : -1;
      const piEnd = source.startsWith('<?', i) ? source.indexOf('?>', i) : -1;
      if (/[ \t\r\n]/.test(source[i] ?? '')) {
        i++;
      } else if (commentEnd >= 0) {
        i = commentEnd + 3;
      } else if (piEnd >= 0) {
        i = piEnd + 2;
      } else if (source[i] === '<') {
        fail('There are multiple root elements.');
      } else {
        fail('Data at the root level is invalid.');
      }
    }
    if (!state.root) fail('Root element is missing.');
    if (stack.length > 0) fail('Unexpected end of file has occurred.');
    return { root: state.root, error: null };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    const before = source.slice(0, error.offset);
    const line = before.split('\n').length;
    const position = error.offset - (before.lastIndexOf('\n') + 1) + 1;
    const message = `${error.message} Line ${line}, position ${position}.`;
    return {
      root: state.root,
      error: { message: error.message.startsWith('DTD') ? error.message : message, line, position },
    };
  }

  function readStartTag(start: number): number {
    const nameMatch = NAME.exec(source.slice(start + 1, start + 1 + 1024));
    if (!nameMatch)
      fail("Name cannot begin with the '" + (source[start + 1] ?? '') + "' character.", start + 1);
    const qname = nameMatch?.[0] ?? '';
    let k = start + 1 + qname.length;
    const rawAttributes: Array<{ qname: string; value: string; at: number }> = [];
    for (;;) {
      const wsStart = k;
      while (/[ \t\r\n]/.test(source[k] ?? '')) k++;
      const char = source[k];
      if (char === undefined) fail('Unexpected end of file has occurred.', k);
      if (char === '>' || (char === '/' && source[k + 1] === '>')) break;
      if (k === wsStart) fail(`'${char ?? ''}' is an unexpected token. Expecting white space.`, k);
      const attributeName = NAME.exec(source.slice(k, k + 1024))?.[0];
      if (!attributeName) fail(`Name cannot begin with the '${char ?? ''}' character.`, k);
      k += (attributeName ?? '').length;
      while (/[ \t\r\n]/.test(source[k] ?? '')) k++;
      if (source[k] !== '=') fail("'=' is expected.", k);
      k++;
      while (/[ \t\r\n]/.test(source[k] ?? '')) k++;
      const quote = source[k];
      if (quote !== '"' && quote !== "'") fail('There is an invalid quote character.', k);
      const end = source.indexOf(quote ?? '"', k + 1);
      if (end < 0) fail('Unexpected end of file has occurred.', k);
      const raw = source.slice(k + 1, end);
      if (raw.includes('<'))
        fail("'<', hexadecimal value 0x3C, is an invalid attribute character.", k);
      if (rawAttributes.some((a) => a.qname === attributeName)) {
        fail(`'${attributeName ?? ''}' is a duplicate attribute name.`, k);
      }
      rawAttributes.push({
        qname: attributeName ?? '',
        value: decode(raw, k + 1).replace(/[\t\r\n]/g, ' '),
        at: k,
      });
      k = end + 1;
    }
    const selfClosing = source[k] === '/';
    const parentScope = stack[stack.length - 1]?.scope ?? new Map<string, string>();
    let scope = parentScope;
    for (const attribute of rawAttributes) {
      if (attribute.qname === 'xmlns' || attribute.qname.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        scope.set(attribute.qname === 'xmlns' ? '' : attribute.qname.slice(6), attribute.value);
      }
    }
    const [prefix, local] = splitName(qname);
    const attributes = rawAttributes.map((attribute) => {
      const [attributePrefix, attributeLocal] = splitName(attribute.qname);
      const namespace =
        attribute.qname === 'xmlns' || attributePrefix === 'xmlns'
          ? XMLNS_NS
          : attributePrefix === ''
            ? ''
            : resolve(attributePrefix, scope, attribute.at);
      return { namespace, localName: attributeLocal, value: attribute.value };
    });
    const element: ReadElement = {
      namespace: resolve(prefix, scope, start),
      localName: local,
      attributes,
      children: [],
      text: '',
      closed: selfClosing,
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.element.children.push(element);
    else state.root = element;
    if (!selfClosing) stack.push({ element, qname, scope });
    return k + (selfClosing ? 2 : 1);
  }
}

function splitName(qname: string): [prefix: string, local: string] {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
}
