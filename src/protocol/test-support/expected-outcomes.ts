/**
 * Test-only: the typed outcome each reference capture must decode to, written by hand from the
 * captured bytes (see fixtures/reference/README.md). Every capture is listed here.
 */
import type { DataStubsForm, RecordFieldName } from '../index.ts';

export type ExpectedOutcome =
  | {
      kind: 'record';
      success: boolean;
      /** Number of <Stub> elements in DataStubs; null when DataStubs must be absent. */
      stubs: number | null;
      form?: DataStubsForm;
      fields?: Partial<Record<RecordFieldName, string | null>>;
      warning?: string;
    }
  | { kind: 'string'; value: RegExp; warning?: string }
  | { kind: 'SoapFaultError'; soapVersion: '1.1' | '1.2'; code: string; reason: RegExp }
  | {
      kind: 'ServiceError';
      exceptionType: string | null;
      message: RegExp;
      stack: boolean;
    }
  | { kind: 'HttpError'; status: number; summary: RegExp; bindingDisabled: boolean }
  | { kind: 'ResponseFormatError'; received: RegExp };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SPECIAL = `Tom & Jerry a < b > c ]]> "dq" 'sq' café 漢字 😀 a+b 100%`;

const rec = (
  success: boolean,
  stubs: number | null,
  extra: Omit<Extract<ExpectedOutcome, { kind: 'record' }>, 'kind' | 'success' | 'stubs'> = {},
): ExpectedOutcome => ({ kind: 'record', success, stubs, ...extra });
const guid = (): ExpectedOutcome => ({ kind: 'string', value: GUID });
const str = (value: RegExp): ExpectedOutcome => ({ kind: 'string', value });
const fault = (soapVersion: '1.1' | '1.2', code: string, reason: RegExp): ExpectedOutcome => ({
  kind: 'SoapFaultError',
  soapVersion,
  code,
  reason,
});
const service = (
  exceptionType: string | null,
  message: RegExp,
  stack: boolean,
): ExpectedOutcome => ({
  kind: 'ServiceError',
  exceptionType,
  message,
  stack,
});
const http = (status: number, summary: RegExp, bindingDisabled = false): ExpectedOutcome => ({
  kind: 'HttpError',
  status,
  summary,
  bindingDisabled,
});
const format = (received: RegExp): ExpectedOutcome => ({ kind: 'ResponseFormatError', received });

const badKey = (exception: RegExp | string): ExpectedOutcome =>
  rec(false, null, {
    fields: {
      ErrorMessage: 'Invalid key',
      ErrorCode: '401',
      NewRecordID: '',
      UserID: null,
      ...(typeof exception === 'string' ? { Exception: exception } : {}),
    },
  });
const ok = (stubs: number, extra: Partial<Record<RecordFieldName, string | null>> = {}) =>
  rec(true, stubs, {
    form: 'xml',
    fields: { ErrorMessage: '', ErrorCode: null, Exception: null, NewRecordID: '', ...extra },
  });
const throwMessage = /^GetAssetStubs was asked to throw \(AssetType=throw\)$/;
const unrecognizedUrl = /Request format is unrecognized for URL unexpectedly ending in '\{0\}'/;
const controlCharWarning = 'invalid-character-reference';

export const EXPECTED_OUTCOMES: Readonly<Record<string, ExpectedOutcome>> = {
  // Documentation, WSDL and other non-operation answers: 2xx but not the expected XML.
  help_page: format(/200 text\/html/),
  ce_on_help_page: format(/200 text\/html/),
  get_soap_via_get: format(/200 text\/html/),
  help_page_mono_wsdl: format(/200 text\/html/),
  help_page_mono_op_main_GetAssetStubs: format(/200 text\/html/),
  help_page_mono_op_msg_GetAssetStubs_soap: format(/200 text\/html/),
  help_page_mono_op_msg_GetAssetStubs_soap12: format(/200 text\/html/),
  help_page_mono_op_msg_AddUserAssetIndex_soap: format(/200 text\/html/),
  help_page_mono_op_test_GetAssetStubs: format(/200 text\/html/),
  wsdl: format(/definitions/),
  wsdl_lowercase: format(/definitions/),
  disco: format(/discovery/),
  get_httppost_json: format(/200 application\/json/),
  help_page_op_GetAssetStubs: http(500, /NullReferenceException/),
  help_page_op_AddUserAssetIndex: http(500, /NullReferenceException/),
  help_page_op_unknown: http(500, /NullReferenceException/),

  // Methods the client never uses.
  options_service: http(405, /Request format is unrecognized\./),
  options_httppost_op: http(500, unrecognizedUrl, true),
  head_service: http(405, /^empty text\/html body$/),
  head_wsdl: http(405, /^empty text\/html body$/),
  head_httpget_op: http(500, /^empty text\/html body$/),
  put_service: http(500, unrecognizedUrl, true),
  ce_on_put_service: http(500, /A runtime error has occurred/),

  // Successes.
  add_soap11_success: guid(),
  add_soap12_success: guid(),
  add_httpget_success: guid(),
  add_httppost_success: guid(),
  get_soap11_success: ok(2, { UserID: 'user-6384e2b2184b' }),
  get_soap12_success: ok(4, { UserID: 'user-6384e2b2184b' }),
  get_httpget_success: ok(1, { UserID: 'user-6384e2b2184b' }),
  get_httppost_success: ok(1, { UserID: 'user-6384e2b2184b' }),
  get_soap11_empty_result: ok(0),
  get_httppost_empty_result: ok(0),
  get_httpget_empty_key: ok(0, { UserID: 'user-d41d8cd98f00' }),
  get_httppost_after_doctype: ok(0),
  get_httpget_param_case: ok(4),
  get_httpget_extra_param: ok(2),
  get_httpget_dup_param: ok(0),
  get_httppost_dup_param_readback: ok(2),
  get_soap11_missing_elements: ok(4),
  get_soap11_reordered_elements: ok(2),
  get_soap11_nil_key: ok(0),
  get_soap11_no_soapaction: ok(2),
  get_soap11_unquoted_soapaction: ok(2),
  get_soap12_action_param: ok(4),
  get_soap12_wrong_action_param: ok(4),
  get_soap12_with_soapaction_header: ok(4),
  get_soap11_ct_no_charset: ok(2),
  get_soap12_ct_no_charset: ok(4),
  get_soap11_accept_gzip: ok(2),
  get_httppost_with_origin: ok(2),
  get_httppost_form_with_charset: ok(4),
  get_soap12_envelope_with_soap11_ct: ok(4),
  get_soap11_wrong_body_namespace: ok(0, { UserID: 'user-d41d8cd98f00' }),
  get_soap11_other_prefix: ok(2),
  get_soap11_special_chars: ok(1),
  get_soap12_special_chars: ok(1),
  get_httpget_special_chars: ok(1),
  get_httppost_special_chars: ok(1),
  get_httpget_raw_utf8_query: ok(1),
  get_httppost_cdata_readback: ok(1),
  get_httppost_plus_sign: ok(1),
  get_httppost_request_validation_readback: ok(1),
  get_httpget_request_validation_readback: ok(1),
  get_httppost_large: ok(2000),
  get_soap11_large: ok(2000),
  get_soap11_control_char: rec(true, 1, { form: 'xml', warning: controlCharWarning }),
  get_soap12_control_char: rec(true, 1, { form: 'xml', warning: controlCharWarning }),
  get_httpget_control_char: rec(true, 1, { form: 'xml', warning: controlCharWarning }),
  get_httppost_control_char: rec(true, 1, { form: 'xml', warning: controlCharWarning }),
  get_httppost_control_char_in_filter: rec(true, 1, { form: 'xml', warning: controlCharWarning }),

  // AddUserAssetIndex answers (GUID or ERROR: string), including odd-but-accepted requests.
  add_soap11_emptykey: str(/^ERROR: OpenIDKey is required$/),
  add_soap12_emptykey: str(/^ERROR: OpenIDKey is required$/),
  add_httpget_emptykey: str(/^ERROR: OpenIDKey is required$/),
  add_httppost_emptykey: str(/^ERROR: OpenIDKey is required$/),
  add_soap11_missing_elements: str(/^ERROR: OpenIDKey is required$/),
  add_httpget_dup_param: guid(),
  add_httppost_dup_param: guid(),
  add_soap11_special_chars: guid(),
  add_soap12_special_chars: guid(),
  add_httpget_special_chars: guid(),
  add_httppost_special_chars: guid(),
  add_soap11_cdata: guid(),
  add_httppost_plus_sign: guid(),
  add_httppost_request_validation_lt_digit: guid(),
  add_soap11_request_validation_tag: guid(),
  add_httpget_control_char: guid(),
  add_httppost_control_char: guid(),

  // Business failure (Success=false).
  get_soap11_badkey: badKey(
    "System.UnauthorizedAccessException: OpenIDKey 'bad' is not valid; AssetType=[] OtherFilterCriteria=[]",
  ),
  get_soap12_badkey: badKey(/./),
  get_httpget_badkey: badKey(/./),
  get_httppost_badkey: badKey(/./),
  get_soap11_badkey_echo_special: badKey(
    `System.UnauthorizedAccessException: OpenIDKey 'bad' is not valid; AssetType=[${SPECIAL}] OtherFilterCriteria=[]`,
  ),
  get_soap12_badkey_echo_special: badKey(/./),
  get_httpget_badkey_echo_special: {
    ...badKey(
      `System.UnauthorizedAccessException: OpenIDKey 'bad' is not valid; AssetType=[${SPECIAL}] OtherFilterCriteria=[ctrl\u0001char]`,
    ),
    warning: controlCharWarning,
  } as ExpectedOutcome,
  get_httppost_badkey_echo_special: {
    ...badKey(/./),
    warning: controlCharWarning,
  } as ExpectedOutcome,

  // The other operation answered (mismatched SOAPAction / action): not what was asked for.
  get_soap11_mismatched_soapaction: format(/AddUserAssetIndexResponse/),
  get_soap12_mismatched_action_param: format(/AddUserAssetIndexResponse/),

  // SOAP faults, both versions, customErrors Off and On.
  get_soap11_throw: fault(
    '1.1',
    'soap:Server',
    /System\.ApplicationException: GetAssetStubs was asked to throw/,
  ),
  get_soap12_throw: fault('1.2', 'soap:Receiver', /GetAssetStubs was asked to throw/),
  ce_on_get_soap11_throw: fault(
    '1.1',
    'soap:Server',
    /^Server was unable to process request\. ---> GetAssetStubs was asked to throw \(AssetType=throw\)$/,
  ),
  ce_on_get_soap12_throw: fault(
    '1.2',
    'soap:Receiver',
    /^Server was unable to process request\. ---> /,
  ),
  get_soap11_wrong_soapaction: fault(
    '1.1',
    'soap:Client',
    /Server did not recognize the value of HTTP Header/,
  ),
  get_soap11_empty_soapaction: fault(
    '1.1',
    'soap:Client',
    /Server did not recognize the value of HTTP Header/,
  ),
  ce_on_get_soap11_wrong_soapaction: fault('1.1', 'soap:Client', /Server did not recognize/),
  unknown_op_soap11: fault(
    '1.1',
    'soap:Client',
    /Server did not recognize the value of HTTP Header/,
  ),
  unknown_op_soap12: fault(
    '1.2',
    'soap:Sender',
    /Unable to handle request without a valid action parameter/,
  ),
  ce_on_unknown_op_soap12: fault('1.2', 'soap:Sender', /Unable to handle request/),
  get_soap12_not_xml: fault('1.2', 'soap:Receiver', /Data at the root level is invalid/),
  get_soap12_doctype_entity: fault('1.2', 'soap:Receiver', /DTD is prohibited/),
  get_soap11_doctype_entity_no_soapaction: fault('1.2', 'soap:Receiver', /DTD is prohibited/),
  ce_on_get_soap12_doctype_entity: fault('1.2', 'soap:Receiver', /DTD is prohibited/),

  // HTTP GET/POST 500 text/plain: exception text, customErrors Off (type + stack) and On.
  get_httpget_throw: service('System.ApplicationException', throwMessage, true),
  get_httppost_throw: service('System.ApplicationException', throwMessage, true),
  ce_on_get_httpget_throw: service(null, throwMessage, false),
  ce_on_get_httppost_throw: service(null, throwMessage, false),
  get_httpget_missing_param: service(
    'System.InvalidOperationException',
    /^Missing parameter: \{0\}\.$/,
    true,
  ),
  get_httppost_missing_param: service(
    'System.InvalidOperationException',
    /^Missing parameter: \{0\}\.$/,
    true,
  ),
  get_httpget_no_params: service('System.InvalidOperationException', /^Missing parameter/, true),
  get_httppost_no_params: service('System.InvalidOperationException', /^Missing parameter/, true),
  add_httpget_missing_param: service(
    'System.InvalidOperationException',
    /^Missing parameter/,
    true,
  ),
  add_httppost_missing_param: service(
    'System.InvalidOperationException',
    /^Missing parameter/,
    true,
  ),
  ce_on_get_httpget_missing_param: service(null, /^Missing parameter: \{0\}\.$/, false),
  ce_on_get_httppost_missing_param: service(null, /^Missing parameter: \{0\}\.$/, false),
  unknown_op_httpget: service(
    'System.InvalidOperationException',
    /Web Service method name is not valid/,
    true,
  ),
  unknown_op_httppost: service(
    'System.InvalidOperationException',
    /Web Service method name is not valid/,
    true,
  ),
  ce_on_unknown_op_httppost: service(null, /Web Service method name is not valid/, false),
  httpget_op_wrong_case: service(
    'System.ArgumentException',
    /^Invalid method name '\{0\}', {2}method names are case sensitive\..*\nParameter name: methodName$/s,
    true,
  ),
  get_httppost_multipart: service(
    'System.InvalidOperationException',
    /^Request format is invalid: \{0\}\.$/,
    true,
  ),
  get_httppost_text_plain: service(
    'System.InvalidOperationException',
    /^Request format is invalid/,
    true,
  ),
  get_httppost_no_content_type: service(
    'System.InvalidOperationException',
    /^Request format is invalid/,
    true,
  ),
  ce_on_get_httppost_text_plain: service(null, /^Request format is invalid: \{0\}\.$/, false),
  add_httpget_request_validation_tag: service(
    'System.Web.HttpRequestValidationException',
    /^A potentially dangerous Request\.QueryString value was detected from the client \(ServiceURI="<b>x<\/b>"\)\.$/,
    true,
  ),
  add_httppost_request_validation_tag: service(
    'System.Web.HttpRequestValidationException',
    /^A potentially dangerous Request\.Form value was detected from the client \(ServiceURI="<b>x<\/b>"\)\.$/,
    true,
  ),
  add_httppost_request_validation_charref: service(
    'System.Web.HttpRequestValidationException',
    /^A potentially dangerous Request\.Form value was detected from the client \(ServiceURI="x&#65;y"\)\.$/,
    true,
  ),
  ce_on_add_httppost_request_validation_tag: service(
    null,
    /potentially dangerous Request\.Form value/,
    false,
  ),

  // Empty 400 and 415 answers to unreadable or mislabelled SOAP.
  get_soap11_malformed_xml: http(400, /^empty text\/xml; charset=utf-8 body$/),
  get_soap12_malformed_xml: http(400, /^empty application\/soap\+xml; charset=utf-8 body$/),
  get_soap11_not_xml: http(400, /^empty/),
  get_soap11_malformed_xml_no_soapaction: http(400, /^empty/),
  get_soap11_empty_body: http(400, /^empty/),
  get_soap11_doctype_entity: http(400, /^empty/),
  add_soap11_doctype_entity: http(400, /^empty/),
  ce_on_get_soap11_malformed_xml: http(400, /^empty/),
  add_soap11_control_char_raw: http(400, /^empty/),
  add_soap11_control_char_ref: http(400, /^empty/),
  add_soap12_control_char_raw: http(400, /^empty/),
  add_soap12_control_char_ref: http(400, /^empty/),
  get_soap_no_content_type: http(415, /^empty/),
  get_soap11_envelope_with_soap12_ct: http(415, /^empty/),

  // ASP.NET HTML error pages.
  get_soap_as_json_ct: http(500, /startIndex cannot be larger than length of string/),
  unknown_path_asmx: http(404, /The resource cannot be found\./),
  ce_on_unknown_path_asmx: http(404, /The resource cannot be found\./),
  nohttp_add_httppost: http(500, unrecognizedUrl, true),
  nohttp_get_httpget: http(500, unrecognizedUrl, true),
};
