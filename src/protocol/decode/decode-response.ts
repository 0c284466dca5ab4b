/**
 * Turns a response (status, headers, body text) into the typed outcome of a call: a result, or
 * one of the typed errors. Never throws anything else.
 */
import {
  HttpError,
  InodeError,
  ResponseFormatError,
  ServiceError,
  SoapFaultError,
  type ErrorContext,
} from '../errors.ts';
import { OPERATIONS, type Binding, type OperationName } from '../operations.ts';
import type { AssetStubsRecord, DataStubsForm, DecodeWarning, RawResponse } from '../types.ts';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS } from '../encode/soap-envelope.ts';
import { extractDataStubs, type TextSpan } from './data-stubs.ts';
import { firstTextLine, splitExceptionText, summarizeHtml } from './error-bodies.ts';
import { MalformedXml } from './malformed-xml.ts';
import { readSoapFault } from './soap-fault.ts';
import { scanDocument, type DataStubsRegion, type DocumentScanner } from './scan-document.ts';
import { WarningSink } from './xml-text.ts';
import { xsdBoolean } from '../xsd-boolean.ts';
import {
  childElement,
  childElements,
  expandedName,
  parseTree,
  textContent,
  type XmlElement,
} from './xml-tree.ts';
import { errorMessage } from '../../text/error-message.ts';
import type { TextSource } from '../../text/piece-text.ts';

export interface DecodeRequest<Op extends OperationName = OperationName> {
  operation: Op;
  binding: Binding;
  /**
   * The service namespace the answer must use. Null accepts the namespace of the HTTP GET/POST
   * root element (those bindings do not need the namespace to build the request).
   */
  namespace: string | null;
}

/** `Payload`: DataStubs as a string, or, from decodeLocated, also where it lies in the body. */
export interface DecodedRecord<Payload = string> {
  record: AssetStubsRecord<Payload>;
  dataStubsForm: DataStubsForm | null;
  /** See GetAssetStubsResult.dataStubsRecordCount. */
  dataStubsRecordCount?: number | null;
  warnings: DecodeWarning[];
}

export interface DecodedString {
  value: string;
  warnings: DecodeWarning[];
}

export type DecodedOutcome<Op extends OperationName> = Op extends 'GetAssetStubs'
  ? DecodedRecord
  : DecodedString;

type ResponseLike<Text extends TextSource = string> = Pick<
  RawResponse<Text>,
  'status' | 'headers' | 'bodyText'
>;

const DATA_STUBS_PLACEHOLDER = '';

/**
 * Decodes one response. `scanned` is the body's text already fed to a DocumentScanner as it
 * arrived (the whole of `response.bodyText`, in order): its scan is used rather than made again.
 *
 * @example
 * const { record } = decodeResponse({ operation: 'GetAssetStubs', binding: 'soap11', namespace: ns }, response, context);
 */
export function decodeResponse<Op extends OperationName>(
  call: DecodeRequest<Op>,
  response: ResponseLike,
  context: ErrorContext,
  scanned?: DocumentScanner,
): DecodedOutcome<Op> {
  return decodeOrThrow(call, response, context, scanned, false) as DecodedOutcome<Op>;
}

/**
 * Decodes a GetAssetStubs response whose body is read by range (a large answer's text kept in
 * the pieces it was decoded in): the same outcome as decodeResponse, but a DataStubs payload that
 * is exactly a substring of the body comes back as where it lies (a TextSpan), so that the body
 * is never joined. `scanned` has read the whole body, as for decodeResponse.
 *
 * @example
 * const { record } = decodeLocated(call, { status, headers, bodyText: pieces }, context, scanner);
 */
export function decodeLocated(
  call: DecodeRequest<'GetAssetStubs'>,
  response: ResponseLike<TextSource>,
  context: ErrorContext,
  scanned: DocumentScanner,
): DecodedRecord<string | TextSpan> {
  return decodeOrThrow(call, response, context, scanned, true) as DecodedRecord<string | TextSpan>;
}

function decodeOrThrow(
  call: DecodeRequest,
  response: ResponseLike<TextSource>,
  context: ErrorContext,
  scanned: DocumentScanner | undefined,
  locate: boolean,
): DecodedRecord<string | TextSpan> | DecodedString {
  try {
    return decode(call, response, context, scanned, locate);
  } catch (error) {
    if (error instanceof InodeError) throw error;
    // Anything unforeseen still becomes a typed outcome carrying the exchange.
    throw new ResponseFormatError(context, {
      expected: expectedDescription(call),
      received: `a body the decoder could not read (${errorMessage(error)})`,
    });
  }
}

function mediaType(response: ResponseLike<TextSource>): string {
  return (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isXmlMediaType(type: string): boolean {
  return type === '' || type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml');
}

function expectedDescription(call: DecodeRequest): string {
  const op = OPERATIONS[call.operation];
  if (call.binding === 'soap11' || call.binding === 'soap12') {
    return `a SOAP ${call.binding === 'soap11' ? '1.1' : '1.2'} envelope holding ${op.name}Response`;
  }
  return op.result.kind === 'record'
    ? `an XML document whose root element name ends in ${OPERATIONS.GetAssetStubs.result.httpRootSuffix}`
    : `an XML document with root element <${OPERATIONS.AddUserAssetIndex.result.httpRootElement}>`;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

/** Whether the text is empty or whitespace only, read a window at a time. */
function isBlank(text: TextSource): boolean {
  for (let at = 0; at < text.length; at += BLANK_WINDOW) {
    if (text.slice(at, at + BLANK_WINDOW).trim() !== '') return false;
  }
  return true;
}

const BLANK_WINDOW = 64 * 1024;

function describeBody(response: ResponseLike<TextSource>): string {
  const type = response.headers['content-type'] ?? 'no Content-Type';
  if (response.bodyText.length === 0) return `${response.status} ${type} with an empty body`;
  return `${response.status} ${type}: ${snippet(String(response.bodyText))}`;
}

function decode(
  call: DecodeRequest,
  response: ResponseLike<TextSource>,
  context: ErrorContext,
  scanned: DocumentScanner | undefined,
  locate: boolean,
): DecodedRecord<string | TextSpan> | DecodedString {
  const type = mediaType(response);
  const ok = response.status >= 200 && response.status < 300;
  // The scan is the first to warn, so its sink is the decode's.
  const sink = scanned?.sink ?? new WarningSink();
  const scan = (text: TextSource): { regions: DataStubsRegion[] } =>
    scanned ? scanned.finish() : scanDocument(String(text), sink);

  if (!ok) return failNonSuccess(call, response, context, type, sink, scan);

  if (!isXmlMediaType(type)) {
    throw new ResponseFormatError(context, {
      expected: expectedDescription(call),
      received: describeBody(response),
    });
  }
  if (isBlank(response.bodyText)) {
    throw new ResponseFormatError(context, {
      expected: expectedDescription(call),
      received: describeBody(response),
    });
  }
  const parsed = parseResponseXml(response.bodyText, sink, scan, call, response, context);
  const isSoap = call.binding === 'soap11' || call.binding === 'soap12';
  const resultElement = isSoap
    ? soapResultElement(call, parsed.root, context)
    : httpResultElement(call, parsed.root, context);
  return readResult(call, resultElement, parsed, context, sink, locate);
}

interface ParsedXml {
  root: XmlElement;
  text: TextSource;
  regions: DataStubsRegion[];
  /** DataStubs elements of the tree, in document order, matching `regions` one to one. */
  dataStubsElements: XmlElement[];
}

type Scan = (text: TextSource) => { regions: DataStubsRegion[] };

function parseResponseXml(
  text: TextSource,
  sink: WarningSink,
  scan: Scan,
  call: DecodeRequest,
  response: ResponseLike<TextSource>,
  context: ErrorContext,
): ParsedXml {
  try {
    const { regions } = scan(text);
    // Hand only the envelope to fast-xml-parser: the payload is cut out and kept as text.
    let envelope: string;
    if (regions.length === 0) envelope = text.slice(0);
    else {
      const pieces: string[] = [];
      let last = 0;
      for (const region of regions) {
        pieces.push(text.slice(last, region.contentStart), DATA_STUBS_PLACEHOLDER);
        last = region.contentEnd;
      }
      pieces.push(text.slice(last));
      envelope = pieces.join('');
    }
    const root = parseTree(envelope, sink);
    const dataStubsElements: XmlElement[] = [];
    collectDataStubs(root, dataStubsElements);
    if (dataStubsElements.length !== regions.length) {
      throw new MalformedXml('DataStubs elements could not be matched to their content');
    }
    return { root, text, regions, dataStubsElements };
  } catch (error) {
    if (!(error instanceof MalformedXml)) throw error;
    throw new ResponseFormatError(context, {
      expected: `well-formed XML (${expectedDescription(call)})`,
      received: `${response.status} ${response.headers['content-type'] ?? 'no Content-Type'} that is not: ${error.message}`,
    });
  }
}

function collectDataStubs(element: XmlElement, into: XmlElement[]): void {
  if (element.localName === 'DataStubs') {
    into.push(element);
    return;
  }
  for (const child of element.children) if (child.kind === 'element') collectDataStubs(child, into);
}

function envelopeBody(root: XmlElement): { version: '1.1' | '1.2'; body: XmlElement } | null {
  if (root.localName !== 'Envelope') return null;
  const ns = root.namespace;
  if (ns !== SOAP11_ENVELOPE_NS && ns !== SOAP12_ENVELOPE_NS) return null;
  const body = childElement(root, 'Body', ns);
  return body ? { version: ns === SOAP11_ENVELOPE_NS ? '1.1' : '1.2', body } : null;
}

function soapResultElement(
  call: DecodeRequest,
  root: XmlElement,
  context: ErrorContext,
): XmlElement | null {
  const envelope = envelopeBody(root);
  if (!envelope) {
    throw new ResponseFormatError(context, {
      expected: expectedDescription(call),
      received: `a document whose root is ${expandedName(root)}`,
    });
  }
  const [first] = childElements(envelope.body);
  const fault = first ? readSoapFault(first) : null;
  if (fault) throw new SoapFaultError(context, fault);
  const op = OPERATIONS[call.operation];
  const wantedResponse = `${op.name}Response`;
  if (
    !first ||
    first.localName !== wantedResponse ||
    (call.namespace !== null && first.namespace !== call.namespace)
  ) {
    throw new ResponseFormatError(context, {
      expected: `${call.namespace !== null ? `{${call.namespace}}` : ''}${wantedResponse} in the SOAP Body`,
      received: first ? expandedName(first) : 'an empty SOAP Body',
    });
  }
  const result = childElement(first, op.result.soapElement, first.namespace);
  if (!result) {
    // A null string result is omitted by the serializer.
    if (op.result.kind === 'string') return null;
    throw new ResponseFormatError(context, {
      expected: `${op.result.soapElement} inside ${wantedResponse}`,
      received: `${wantedResponse} without it`,
    });
  }
  return result;
}

function httpResultElement(
  call: DecodeRequest,
  root: XmlElement,
  context: ErrorContext,
): XmlElement {
  const op = OPERATIONS[call.operation];
  const nameMatches =
    op.result.kind === 'record'
      ? root.localName.endsWith(OPERATIONS.GetAssetStubs.result.httpRootSuffix)
      : root.localName === OPERATIONS.AddUserAssetIndex.result.httpRootElement;
  if (!nameMatches || (call.namespace !== null && root.namespace !== call.namespace)) {
    const envelope = envelopeBody(root);
    const [first] = envelope ? childElements(envelope.body) : [];
    const fault = first ? readSoapFault(first) : null;
    if (fault) throw new SoapFaultError(context, fault);
    throw new ResponseFormatError(context, {
      expected: `${expectedDescription(call)}${call.namespace !== null ? ` in namespace ${call.namespace}` : ''}`,
      received: `a document whose root is ${expandedName(root)}`,
    });
  }
  return root;
}

function isNil(element: XmlElement): boolean {
  for (const [name, value] of Object.entries(element.attributes)) {
    if ((name === 'xsi:nil' || name.endsWith(':nil')) && xsdBoolean(value) === true) {
      return true;
    }
  }
  return false;
}

function readResult(
  call: DecodeRequest,
  result: XmlElement | null,
  parsed: ParsedXml,
  context: ErrorContext,
  sink: WarningSink,
  locate: boolean,
): DecodedRecord<string | TextSpan> | DecodedString {
  const op = OPERATIONS[call.operation];
  if (op.result.kind === 'string') {
    if (!result || isNil(result)) {
      sink.add(
        'null-result',
        `${op.name} returned null (no value); it is shown as an empty string.`,
      );
      return { value: '', warnings: sink.warnings };
    }
    return { value: textContent(result), warnings: sink.warnings };
  }
  if (!result) throw new MalformedXml('no result element');

  const ns = result.namespace;
  const record: Record<string, string | TextSpan | boolean | null> = {};
  let dataStubsForm: DataStubsForm | null = null;
  let dataStubsRecordCount: number | null | undefined;
  for (const field of OPERATIONS.GetAssetStubs.result.fields) {
    const matches = childElements(result, field.name, ns);
    if (matches.length > 1) {
      sink.add(
        'duplicate-field',
        `${field.name} appears ${matches.length} times; the first is used.`,
      );
    }
    const element = matches[0];
    if (field.type === 'boolean') {
      record[field.name] = readBoolean(field.name, element, call, context);
      continue;
    }
    if (!element || isNil(element)) {
      record[field.name] = null;
      continue;
    }
    if (field.type === 'xml') {
      const index = parsed.dataStubsElements.indexOf(element);
      const region = parsed.regions[index];
      if (!region) throw new MalformedXml('DataStubs content not found');
      const extracted = locate
        ? extractDataStubs(parsed.text, region, sink, true)
        : extractDataStubs(String(parsed.text), region, sink);
      record[field.name] = extracted.value;
      dataStubsForm = extracted.form;
      dataStubsRecordCount = extracted.recordCount;
      continue;
    }
    if (childElements(element).length > 0) {
      sink.add('unexpected-markup', `${field.name} holds elements; only its text is shown.`);
    }
    record[field.name] = textContent(element);
  }
  return {
    record: record as unknown as AssetStubsRecord<string | TextSpan>,
    dataStubsForm,
    ...(dataStubsRecordCount !== undefined && { dataStubsRecordCount }),
    warnings: sink.warnings,
  };
}

function readBoolean(
  name: string,
  element: XmlElement | undefined,
  call: DecodeRequest,
  context: ErrorContext,
): boolean {
  if (!element) {
    throw new ResponseFormatError(context, {
      expected: `a ${name} element (${expectedDescription(call)})`,
      received: `a record without ${name}`,
    });
  }
  const value = textContent(element).trim();
  const parsed = xsdBoolean(value);
  if (parsed !== null) return parsed;
  throw new ResponseFormatError(context, {
    expected: `${name} as true, false, 1 or 0`,
    received: `${name} = ${JSON.stringify(snippet(value))}`,
  });
}

function failNonSuccess(
  call: DecodeRequest,
  response: ResponseLike<TextSource>,
  context: ErrorContext,
  type: string,
  sink: WarningSink,
  scan: Scan,
): never {
  const body = String(response.bodyText);
  if (isXmlMediaType(type) && body.trim() !== '') {
    // A SOAP fault of either version (the server answers some SOAP 1.1 requests with a 1.2 fault).
    let root: XmlElement | null;
    try {
      root = parseResponseXml(body, sink, scan, call, response, context).root;
    } catch {
      root = null;
    }
    const envelope = root ? envelopeBody(root) : null;
    const [first] = envelope ? childElements(envelope.body) : [];
    const fault = first ? readSoapFault(first) : null;
    if (fault) throw new SoapFaultError(context, fault);
  }
  if (response.status === 500 && type === 'text/plain') {
    throw new ServiceError(context, splitExceptionText(body));
  }
  if (body.trim() !== '' && (type === 'text/html' || /^\s*<(!doctype html|html)/i.test(body))) {
    const { summary, protocolDisabled } = summarizeHtml(body);
    throw new HttpError(context, {
      status: response.status,
      summary,
      bindingDisabled:
        protocolDisabled && (call.binding === 'http-get' || call.binding === 'http-post'),
    });
  }
  const summary =
    body.trim() === ''
      ? `empty ${response.headers['content-type'] ?? ''} body`.replace(/\s+/g, ' ')
      : firstTextLine(body);
  throw new HttpError(context, { status: response.status, summary, bindingDisabled: false });
}
