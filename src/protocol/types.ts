/**
 * The public shapes of the Inode client: what a call returns and what every error carries.
 * This is a contract other parts of the console and the tests rely on; extend it, do not break it.
 */
import type { Binding, GetAssetStubsParams, AddUserAssetIndexParams } from './operations.ts';
import type { TextOrHeld } from '../text/held-text.ts';

/** Exactly what was sent. Header names are lower-case. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Exactly what came back. Header names are lower-case. `Text` is how the body is held: a string
 * here; on the page, a large answer's body may be held out of memory (src/text/held-text.ts).
 */
export interface RawResponse<Text = string> {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  bodyText: Text;
  /** Size of the body in bytes as received (before decoding to text). */
  byteLength: number;
  /**
   * True when the body was not taken as text: it was larger than the client's `maxBodyBytes`
   * (ResponseTooLargeError carries it as a Blob). `bodyText` is then ''.
   */
  bodyOmitted?: true;
}

export interface ExchangeTimings {
  /** Wall-clock time the request started (ms since the epoch). */
  startedAt: number;
  /** Time until the response headers arrived (ms). */
  headersMs: number;
  /** Time until the whole body was read (ms). */
  totalMs: number;
}

/** One request and its response: present on every result and on every error that got a response. */
export interface Exchange<Text = string> {
  request: RawRequest;
  response: RawResponse<Text>;
  timings: ExchangeTimings;
}

/** How the service put the XML into DataStubs. */
export type DataStubsForm =
  /** Child elements, as the real service sends it. */
  | 'xml'
  /** Text whose characters are XML, escaped with &lt; and friends. */
  | 'escaped'
  /** A CDATA section holding XML. */
  | 'cdata';

/**
 * The warning codes the client emits today (the `code` union stays open: show unknown ones too).
 * - invalid-character-reference: the server wrote `&#x1;`-style references XML 1.0 forbids;
 *   fields hold the decoded character, DataStubs keeps the reference as written.
 * - invalid-character: a raw control character in the body, kept as is.
 * - data-stubs-fragment / data-stubs-mixed: DataStubs is not exactly one element.
 * - duplicate-field, unexpected-markup, null-result: tolerated record/result oddities.
 * - secret-in-url: on every HTTP GET result, whose URL carries the OpenIDKey.
 */
export type KnownDecodeWarningCode =
  | 'invalid-character-reference'
  | 'invalid-character'
  | 'data-stubs-fragment'
  | 'data-stubs-mixed'
  | 'duplicate-field'
  | 'unexpected-markup'
  | 'null-result'
  | 'secret-in-url';

/** Something the decoder tolerated and the user should know about. */
export interface DecodeWarning {
  code: 'invalid-character-reference' | string;
  message: string;
}

/**
 * The GetAssetStubs record. Every string field is `string | null`: null when the element was
 * absent, '' when it was present and empty.
 */
/** `Text`: how DataStubs is held (see RawResponse). */
export interface AssetStubsRecord<Text = string> {
  Success: boolean;
  ErrorMessage: string | null;
  ErrorCode: string | null;
  Exception: string | null;
  /**
   * The embedded XML as a standalone well-formed XML string (the content of DataStubs, with the
   * namespace declarations it needs), or the decoded text when the service sent it escaped or as
   * CDATA. Null when DataStubs was absent.
   */
  DataStubs: Text | null;
  NewRecordID: string | null;
  UserID: string | null;
}

/** `Text`: how the body and DataStubs are held (see RawResponse). */
export interface GetAssetStubsResult<Text = string> {
  record: AssetStubsRecord<Text>;
  /** Null when DataStubs was absent. */
  dataStubsForm: DataStubsForm | null;
  /**
   * How many records DataStubs holds, counted while the answer was read: the children of its one
   * root element when they all share one name (0 for an empty root), null when it holds no such
   * list. Absent when DataStubs was absent or sent as text (escaped or CDATA), which the decoder
   * does not parse.
   */
  dataStubsRecordCount?: number | null;
  warnings: DecodeWarning[];
  exchange: Exchange<Text>;
}

export interface AddUserAssetIndexResult {
  value: string;
  warnings: DecodeWarning[];
  exchange: Exchange;
}

/**
 * The record's fields sent before DataStubs (Success, ErrorMessage, ErrorCode, Exception: the
 * operation table's order), as read from a large answer's first bytes: each one present holds
 * text only, entity references decoded; unchecked, and not converted (Success is the text sent).
 */
export type FieldsBeforeDataStubs = Partial<Record<string, string>>;

/**
 * Receives the rest of a DataStubs payload after its head: `part` with each piece of text as it
 * arrives, in order, up to DataStubs' end tag; then `end` once, when the call settles, with
 * `complete` true when the head and the parts joined are exactly the result's DataStubs (false
 * when the call failed, or the decode delivers something else: discard what was read).
 */
export interface DataStubsRestSink {
  part(text: string): void;
  end(complete: boolean): void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * GetAssetStubs only: called at most once while the response still arrives, with the first
   * characters of a DataStubs payload sent as literal XML and longer than that, and the record's
   * fields sent before it. Unchecked (the result, or the error, follows as usual); for showing
   * the first lines and fields of a large answer early. When it returns a promise (settled once
   * the head is on screen), the rest of the body is read once it settles, or after
   * HEAD_SHOWN_WAIT_MS at most: on a machine of few cores, reading the rest takes the cores that
   * showing the head needs. The result, or the error, is the same either way.
   */
  onDataStubsHead?: (
    head: string,
    fieldsBefore: FieldsBeforeDataStubs,
  ) => void | PromiseLike<unknown>;
  /**
   * GetAssetStubs only, after `onDataStubsHead`: the rest of the payload as it arrives, for
   * reading it before the last byte (see DataStubsRestSink). Not told when no head was given.
   */
  onDataStubsRest?: DataStubsRestSink;
  /**
   * Called once with the whole body's bytes as they arrived, before they are decoded (not a copy:
   * for handing them on, e.g. by transfer to another thread, once the call has settled). Not
   * called for an answer over `maxBodyBytes`, nor for a held one (HoldingCallOptions).
   */
  onBodyBytes?: (bytes: Uint8Array) => void;
}

/**
 * GetAssetStubs only: an answer of `holdFrom` bytes or more comes back with its body and
 * DataStubs held (src/text/held-text.ts): its bytes gathered into a Blob while they arrive,
 * DataStubs a slice of them, and neither ever made into one string. For handing a large answer
 * on to another thread without its text (see src/protocol/held-answer.ts).
 */
export interface HoldingCallOptions extends CallOptions {
  holdFrom: number;
}

export interface InodeClientOptions {
  /** Origin under which /Inode.asmx lives, or '' for the same origin. */
  baseUrl: string;
  binding: Binding;
  /** The service namespace URI; when omitted it is read once from ?WSDL and cached. */
  namespace?: string;
  fetch?: typeof globalThis.fetch;
  /** Per-call timeout; default 30 000 ms. */
  timeoutMs?: number;
  /**
   * The largest answer taken as text, in bytes; default: no limit. A larger answer is still read
   * to its end, as a Blob, and the call fails with ResponseTooLargeError.
   */
  maxBodyBytes?: number;
}

export interface InodeClient {
  readonly binding: Binding;
  getAssetStubs(params: GetAssetStubsParams, options?: CallOptions): Promise<GetAssetStubsResult>;
  addUserAssetIndex(
    params: AddUserAssetIndexParams,
    options?: CallOptions,
  ): Promise<AddUserAssetIndexResult>;
  /** The namespace in use: the configured one, or the one discovered from ?WSDL. */
  namespace(options?: CallOptions): Promise<string>;
}

/** What createInodeClient returns: an InodeClient whose GetAssetStubs can also hold its answer. */
export interface InodeProtocolClient extends InodeClient {
  getAssetStubs(
    params: GetAssetStubsParams,
    options: HoldingCallOptions,
  ): Promise<GetAssetStubsResult<TextOrHeld>>;
  getAssetStubs(params: GetAssetStubsParams, options?: CallOptions): Promise<GetAssetStubsResult>;
}
