/**
 * Test-only: THE list of what the golden tests deliberately do not cover, with the reason.
 * Every capture's response is decoded (see expected-outcomes.ts); a captured request is compared
 * with the client's own request unless it is listed here. golden.test.ts prints this list and
 * fails when an entry names a capture that does not exist or when a capture is neither covered
 * nor listed.
 */

export interface NotCovered {
  capture: string;
  aspect: 'request' | 'response';
  reason: string;
}

const NOT_AN_OPERATION_CALL = 'not an operation call (help page, WSDL, disco or another path)';
const OTHER_METHOD = 'an HTTP method the client never uses (OPTIONS, HEAD, PUT)';
const OMITS_PARAMETERS = 'omits parameters on purpose; the client always sends all of them';
const PARAMETER_EXPERIMENT =
  'parameter-name experiment (case, extra or duplicated parameter); the client sends each table parameter once, with its exact name';
const ROUTING_EXPERIMENT =
  'routing experiment with a SOAPAction/action the client never sends (missing, empty, unquoted, wrong or of the other operation)';
const CONTENT_TYPE_EXPERIMENT =
  'wrong, missing or charset-less Content-Type on purpose; the client always sends its binding\u2019s exact type';
const MALFORMED_BODY = 'deliberately malformed, non-XML, empty or DOCTYPE body';
const UNKNOWN_OPERATION = 'an operation that is not in the table';

const entries: Array<[string[], string]> = [
  [
    [
      'help_page',
      'ce_on_help_page',
      'get_soap_via_get',
      'help_page_mono_wsdl',
      'help_page_mono_op_main_GetAssetStubs',
      'help_page_mono_op_msg_GetAssetStubs_soap',
      'help_page_mono_op_msg_GetAssetStubs_soap12',
      'help_page_mono_op_msg_AddUserAssetIndex_soap',
      'help_page_mono_op_test_GetAssetStubs',
      'help_page_op_GetAssetStubs',
      'help_page_op_AddUserAssetIndex',
      'help_page_op_unknown',
      'disco',
      'unknown_path_asmx',
      'ce_on_unknown_path_asmx',
    ],
    NOT_AN_OPERATION_CALL,
  ],
  [
    ['wsdl', 'wsdl_lowercase'],
    'the ?WSDL discovery request is compared in client-transport.node.test.ts, not here',
  ],
  [
    [
      'options_service',
      'options_httppost_op',
      'head_service',
      'head_wsdl',
      'head_httpget_op',
      'put_service',
      'ce_on_put_service',
    ],
    OTHER_METHOD,
  ],
  [
    [
      'get_httpget_missing_param',
      'get_httppost_missing_param',
      'get_httpget_no_params',
      'get_httppost_no_params',
      'add_httpget_missing_param',
      'add_httppost_missing_param',
      'ce_on_get_httpget_missing_param',
      'ce_on_get_httppost_missing_param',
      'get_soap11_missing_elements',
      'add_soap11_missing_elements',
      'get_soap11_nil_key',
    ],
    OMITS_PARAMETERS,
  ],
  [
    [
      'get_httpget_param_case',
      'get_httpget_extra_param',
      'get_httpget_dup_param',
      'add_httpget_dup_param',
      'add_httppost_dup_param',
    ],
    PARAMETER_EXPERIMENT,
  ],
  [
    ['get_soap11_reordered_elements'],
    'elements reordered on purpose; the client sends table order',
  ],
  [
    [
      'get_soap11_wrong_soapaction',
      'get_soap11_mismatched_soapaction',
      'get_soap11_no_soapaction',
      'get_soap11_empty_soapaction',
      'get_soap11_unquoted_soapaction',
      'get_soap12_wrong_action_param',
      'get_soap12_mismatched_action_param',
      'get_soap12_with_soapaction_header',
      'ce_on_get_soap11_wrong_soapaction',
    ],
    ROUTING_EXPERIMENT,
  ],
  [
    [
      'get_soap11_ct_no_charset',
      'get_soap12_ct_no_charset',
      'get_httppost_multipart',
      'get_httppost_text_plain',
      'get_httppost_no_content_type',
      'ce_on_get_httppost_text_plain',
      'get_httppost_json',
      'get_soap_as_json_ct',
      'get_soap_no_content_type',
      'get_soap11_envelope_with_soap12_ct',
      'get_soap12_envelope_with_soap11_ct',
    ],
    CONTENT_TYPE_EXPERIMENT,
  ],
  [
    [
      'get_soap11_malformed_xml',
      'get_soap12_malformed_xml',
      'get_soap11_not_xml',
      'get_soap11_malformed_xml_no_soapaction',
      'get_soap12_not_xml',
      'get_soap11_empty_body',
      'get_soap11_doctype_entity',
      'get_soap11_doctype_entity_no_soapaction',
      'get_soap12_doctype_entity',
      'add_soap11_doctype_entity',
      'ce_on_get_soap12_doctype_entity',
      'ce_on_get_soap11_malformed_xml',
    ],
    MALFORMED_BODY,
  ],
  [['get_soap11_wrong_body_namespace'], 'operation element in a wrong namespace on purpose'],
  [
    [
      'unknown_op_soap11',
      'unknown_op_soap12',
      'unknown_op_httpget',
      'unknown_op_httppost',
      'ce_on_unknown_op_soap12',
      'ce_on_unknown_op_httppost',
      'httpget_op_wrong_case',
    ],
    UNKNOWN_OPERATION,
  ],
];

export const NOT_COVERED: readonly NotCovered[] = entries.flatMap(([captures, reason]) =>
  captures.map((capture) => ({ capture, aspect: 'request' as const, reason })),
);
