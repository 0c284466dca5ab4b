/**
 * THE table of the Inode.asmx interface: operations, their parameters in wire order, and
 * their results. Encoders, decoders, the console's forms and the emulator's routing all read
 * it, so adding a parameter or a field is a one-line change here.
 *
 * Only what the wire guarantees is written down (see SERVICE.md): names, order and types.
 * Allowed values, error codes and the structure of DataStubs are not known and not assumed.
 */

export interface ParameterSpec {
  readonly name: string;
  /** One sentence for form help text and the emulator's help page. */
  readonly description: string;
  /** Secrets are masked in the UI and redacted from anything stored, logged or shared. */
  readonly secret: boolean;
}

export type FieldType = 'boolean' | 'string' | 'xml';

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  /** The WSDL has minOccurs="1" only for Success; every other field may be absent (null). */
  readonly required: boolean;
}

const openIdKey = {
  name: 'OpenIDKey',
  description: "The user's key. It is a secret: masked here, never stored or logged.",
  secret: true,
} as const satisfies ParameterSpec;

export const OPERATIONS = {
  GetAssetStubs: {
    name: 'GetAssetStubs',
    summary: "Lists the asset stubs of the key's user, filtered by asset type and criteria.",
    parameters: [
      openIdKey,
      {
        name: 'AssetType',
        description:
          'Which kind of asset to list. Allowed values are up to the service; empty often means all.',
        secret: false,
      },
      {
        name: 'OtherFilterCriteria',
        description: 'Further filtering, in a format defined by the service. May be empty.',
        secret: false,
      },
    ],
    result: {
      kind: 'record',
      /** Element name of the record in SOAP responses. */
      soapElement: 'GetAssetStubsResult',
      /** Over HTTP GET/POST the record is the root element whose local name ends with this. */
      httpRootSuffix: '_Inode',
      fields: [
        { name: 'Success', type: 'boolean', required: true },
        { name: 'ErrorMessage', type: 'string', required: false },
        { name: 'ErrorCode', type: 'string', required: false },
        { name: 'Exception', type: 'string', required: false },
        { name: 'DataStubs', type: 'xml', required: false },
        { name: 'NewRecordID', type: 'string', required: false },
        { name: 'UserID', type: 'string', required: false },
      ],
    },
  },
  AddUserAssetIndex: {
    name: 'AddUserAssetIndex',
    summary:
      "Registers a user asset index (a service address and a media type) for the key's user.",
    parameters: [
      openIdKey,
      {
        name: 'ServiceURI',
        description: 'The address of the asset service to index, usually an absolute URI.',
        secret: false,
      },
      {
        name: 'MediaType',
        description:
          'The media type of the assets behind the address (for example image, audio, video).',
        secret: false,
      },
    ],
    result: {
      kind: 'string',
      soapElement: 'AddUserAssetIndexResult',
      /** Over HTTP GET/POST the answer is the text of a root element with this name. */
      httpRootElement: 'string',
    },
  },
} as const;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

export type ParameterName<Op extends OperationName> =
  (typeof OPERATIONS)[Op]['parameters'][number]['name'];

/** The values of one call: every parameter, always sent, in table order. */
export type OperationParams<Op extends OperationName> = { [K in ParameterName<Op>]: string };

export type GetAssetStubsParams = OperationParams<'GetAssetStubs'>;
export type AddUserAssetIndexParams = OperationParams<'AddUserAssetIndex'>;

export type RecordFieldName =
  (typeof OPERATIONS)['GetAssetStubs']['result']['fields'][number]['name'];

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

/** Parameter names of an operation, in wire order. */
export function parameterNames<Op extends OperationName>(op: Op): ParameterName<Op>[] {
  return OPERATIONS[op].parameters.map((p) => p.name) as ParameterName<Op>[];
}

/** The four ways to call an operation, as the WSDL names them. */
export const BINDINGS = {
  soap11: { label: 'SOAP 1.1', wsdlBinding: 'InodeSoap' },
  soap12: { label: 'SOAP 1.2', wsdlBinding: 'InodeSoap12' },
  'http-post': { label: 'HTTP POST', wsdlBinding: 'InodeHttpPost' },
  'http-get': { label: 'HTTP GET', wsdlBinding: 'InodeHttpGet' },
} as const;

export type Binding = keyof typeof BINDINGS;

export const BINDING_NAMES = Object.keys(BINDINGS) as Binding[];

/** The one path the service lives at. */
export const SERVICE_PATH = '/Inode.asmx';
