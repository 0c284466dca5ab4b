// The emulator's own writers for every XML answer (never the client's encoders): SOAP 1.1 and
// 1.2 result envelopes and faults, and the HTTP GET/POST documents, laid out byte for byte as
// the captured server writes them.
import { OPERATIONS } from '../src/protocol/operations.ts';
import type { AssetStubsRecord } from './model-types.ts';
import {
  element,
  lazyDocument,
  writeDocument,
  type LazyDocument,
  type XmlElement,
} from './xml-node.ts';
import { envelopeNamespace, XSD_NS, XSI_NS, type SoapVersion } from './soap-constants.ts';

/** Where the deployment differs: its namespace and the prefix of `<prefix>_Inode`. */
export interface ServiceIdentity {
  readonly namespace: string;
  readonly resultPrefix: string;
}

/** The record's fields in the operation table's order; null fields are left out. */
function recordFields(record: AssetStubsRecord): XmlElement[] {
  const fields: XmlElement[] = [];
  for (const field of OPERATIONS.GetAssetStubs.result.fields) {
    const value = record[field.name];
    if (value === null) continue;
    if (typeof value === 'boolean') fields.push(element(field.name, [], value ? 'true' : 'false'));
    else if (typeof value === 'string') fields.push(element(field.name, [], value));
    else fields.push(element(field.name, [], [value]));
  }
  return fields;
}

function envelope(version: SoapVersion, body: XmlElement): XmlElement {
  return element(
    'soap:Envelope',
    [
      ['xmlns:soap', envelopeNamespace(version)],
      ['xmlns:xsi', XSI_NS],
      ['xmlns:xsd', XSD_NS],
    ],
    [element('soap:Body', [], [body])],
  );
}

export type OperationResult =
  | { readonly operation: 'GetAssetStubs'; readonly value: AssetStubsRecord }
  | { readonly operation: 'AddUserAssetIndex'; readonly value: string };

/**
 * A SOAP result envelope on one line, produced as it is written.
 * @example soapResult('1.1', identity, { operation: 'AddUserAssetIndex', value: 'id' })
 */
export function soapResult(
  version: SoapVersion,
  identity: ServiceIdentity,
  result: OperationResult,
): LazyDocument {
  const op = OPERATIONS[result.operation];
  const resultElement =
    result.operation === 'GetAssetStubs'
      ? element(op.result.soapElement, [], recordFields(result.value))
      : element(op.result.soapElement, [], result.value);
  return lazyDocument(
    envelope(
      version,
      element(`${result.operation}Response`, [['xmlns', identity.namespace]], [resultElement]),
    ),
    false,
  );
}

/**
 * The HTTP GET/POST document, indented by two spaces with LF, produced as it is written.
 * @example [...httpResult(identity, { operation: 'AddUserAssetIndex', value: 'id' }).parts()].join('') // '<?xml …?>\n<string xmlns="…">id</string>'
 */
export function httpResult(identity: ServiceIdentity, result: OperationResult): LazyDocument {
  if (result.operation === 'AddUserAssetIndex') {
    return lazyDocument(
      element(
        OPERATIONS.AddUserAssetIndex.result.httpRootElement,
        [['xmlns', identity.namespace]],
        result.value,
      ),
      true,
    );
  }
  return lazyDocument(
    element(
      `${identity.resultPrefix}${OPERATIONS.GetAssetStubs.result.httpRootSuffix}`,
      [
        ['xmlns:xsd', XSD_NS],
        ['xmlns:xsi', XSI_NS],
        ['xmlns', identity.namespace],
      ],
      recordFields(result.value),
    ),
    true,
  );
}

export interface SoapFaultSpec {
  /** Local code: Client/Server (1.1) or Sender/Receiver (1.2). */
  readonly code: 'Client' | 'Server' | 'Sender' | 'Receiver';
  readonly text: string;
}

/**
 * A SOAP fault envelope: 1.1 with unprefixed faultcode/faultstring/detail, 1.2 with prefixed
 * Code/Value, Reason/Text xml:lang="en" and an empty Detail.
 * @example soapFault('1.2', { code: 'Receiver', text: 'boom' })
 */
export function soapFault(version: SoapVersion, fault: SoapFaultSpec): string {
  const body =
    version === '1.1'
      ? element(
          'soap:Fault',
          [],
          [
            element('faultcode', [], `soap:${fault.code}`),
            element('faultstring', [], fault.text),
            element('detail'),
          ],
        )
      : element(
          'soap:Fault',
          [],
          [
            element('soap:Code', [], [element('soap:Value', [], `soap:${fault.code}`)]),
            element('soap:Reason', [], [element('soap:Text', [['xml:lang', 'en']], fault.text)]),
            element('soap:Detail'),
          ],
        );
  return writeDocument(envelope(version, body), false);
}
