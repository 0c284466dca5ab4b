// THE list of reference captures the emulator deliberately answers differently, each with its
// reason and a check of what the emulator must send instead. The conformance replay fails when
// a case neither matches nor is listed here, when a listed case matches after all (so this list
// stays honest), and when a listed case does not pass its own check.
//
// Not compared for any case, and so not listed per case (see docs/emulator.md):
// - the status line's version: XSP always answers HTTP/1.0; the emulator, like IIS, HTTP/1.1;
// - Server, Date, Keep-Alive and header order (host artifacts).
import type { Observed } from './observe.ts';

export interface DeliberateDifference {
  readonly reason: string;
  /** Returns what is wrong with the emulator's answer, or null when it is the intended one. */
  readonly verify: (actual: Observed, captured: Observed) => string | null;
}

function differs(expected: Observed, actual: Observed): string | null {
  for (const key of [
    'status',
    'contentType',
    'cacheControl',
    'closesConnection',
    'body',
  ] as const) {
    if (expected[key] !== actual[key]) {
      return `${key}: expected ${JSON.stringify(expected[key])}, got ${JSON.stringify(actual[key])}`;
    }
  }
  return null;
}

/** Mono leaves {0}/{1} unfilled; .NET fills them. The rest of the answer must match exactly. */
function placeholders(values: Record<string, string>): DeliberateDifference {
  return {
    reason: `Mono artifact: message placeholders left unfilled; Microsoft .NET fills them (${Object.entries(
      values,
    )
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ')})`,
    verify: (actual, captured) => {
      let body = captured.body;
      for (const [placeholder, value] of Object.entries(values))
        body = body.replaceAll(placeholder, value);
      return differs({ ...captured, body }, actual);
    },
  };
}

/** The emulator answers with this instead (for differences beyond placeholders). */
function answers(reason: string, expected: Partial<Observed>): DeliberateDifference {
  return {
    reason,
    verify: (actual, captured) => differs({ ...captured, ...expected }, actual),
  };
}

/** Microsoft .NET's service page, as summarized by observe.ts. */
const SERVICE_PAGE =
  'page: Inode Web Service; headings: ; links: Inode.asmx?disco Inode.asmx?WSDL Inode.asmx?op=GetAssetStubs Inode.asmx?op=AddUserAssetIndex';

/** Microsoft .NET's operation page: samples for every enabled binding. */
const OPERATION_PAGE = (op: string): string =>
  `page: Inode Web Service; headings: ${op} | Parameters | Test | SOAP 1.1 | SOAP 1.2 | HTTP GET | HTTP POST; links: Inode.asmx?disco Inode.asmx`;

const MONO_HELP = (what: string, op?: string): DeliberateDifference =>
  answers(
    `Mono-only help UI (${what}); the emulator serves Microsoft .NET's pages: the service page links operations as Inode.asmx?op=Name${op ? `, and any URL with op=${op} shows that operation's page` : ''}`,
    { body: op ? OPERATION_PAGE(op) : SERVICE_PAGE },
  );

const OP_HELP = (op: string): DeliberateDifference =>
  answers(
    `Mono bug: ?op= help pages throw NullReferenceException; .NET answers 200 with the operation page (samples for every binding)`,
    { status: 200, closesConnection: false, body: OPERATION_PAGE(op) },
  );

const UNRECOGNIZED = (path: string): DeliberateDifference => placeholders({ '{0}': path });

const MISSING = (parameter: string): DeliberateDifference => placeholders({ '{0}': parameter });

/** Keyed by capture name. */
export const DELIBERATE_DIFFERENCES: Readonly<Record<string, DeliberateDifference>> = {
  // Help pages: Mono's own HTML and URLs.
  help_page: MONO_HELP('GET /Inode.asmx links ?page=op&tab=main&op=…&bnd=…'),
  ce_on_help_page: MONO_HELP('GET /Inode.asmx with customErrors On'),
  get_soap_via_get: MONO_HELP('GET /Inode.asmx with a SOAPAction header is still the help page'),
  help_page_mono_op_main_GetAssetStubs: MONO_HELP('?page=op&tab=main', 'GetAssetStubs'),
  help_page_mono_op_msg_GetAssetStubs_soap: MONO_HELP(
    '?page=op&tab=msg, bnd=InodeSoap',
    'GetAssetStubs',
  ),
  help_page_mono_op_msg_GetAssetStubs_soap12: MONO_HELP(
    '?page=op&tab=msg, bnd=InodeSoap12; Mono shows the SOAP 1.1 sample with encoding="utf-16"',
    'GetAssetStubs',
  ),
  help_page_mono_op_msg_AddUserAssetIndex_soap: MONO_HELP('?page=op&tab=msg', 'AddUserAssetIndex'),
  help_page_mono_op_test_GetAssetStubs: MONO_HELP('?page=op&tab=test', 'GetAssetStubs'),
  help_page_mono_wsdl: MONO_HELP('?page=wsdl'),
  help_page_op_GetAssetStubs: OP_HELP('GetAssetStubs'),
  help_page_op_AddUserAssetIndex: OP_HELP('AddUserAssetIndex'),
  help_page_op_unknown: answers(
    'Mono bug: ?op= help pages throw NullReferenceException; for an unknown op .NET shows the service page',
    { status: 200, closesConnection: false, body: SERVICE_PAGE },
  ),

  // Unfilled placeholders in framework messages.
  options_httppost_op: UNRECOGNIZED('/GetAssetStubs'),
  put_service: UNRECOGNIZED('/GetAssetStubs'),
  nohttp_add_httppost: UNRECOGNIZED('/AddUserAssetIndex'),
  nohttp_get_httpget: UNRECOGNIZED('/GetAssetStubs'),
  get_httpget_missing_param: MISSING('AssetType'),
  get_httppost_missing_param: MISSING('AssetType'),
  get_httpget_no_params: MISSING('OpenIDKey'),
  get_httppost_no_params: MISSING('OpenIDKey'),
  add_httpget_missing_param: MISSING('MediaType'),
  add_httppost_missing_param: MISSING('MediaType'),
  ce_on_get_httpget_missing_param: MISSING('AssetType'),
  ce_on_get_httppost_missing_param: MISSING('AssetType'),
  unknown_op_httpget: placeholders({ '{0}': 'Nope' }),
  unknown_op_httppost: placeholders({ '{0}': 'Nope' }),
  ce_on_unknown_op_httppost: placeholders({ '{0}': 'Nope' }),
  httpget_op_wrong_case: placeholders({ '{0}': 'getassetstubs', '{1}': 'GetAssetStubs' }),
  get_httppost_multipart: placeholders({
    '{0}': 'multipart/form-data; boundary=------------------------de2c1a576846281f',
  }),
  get_httppost_text_plain: placeholders({ '{0}': 'text/plain' }),
  ce_on_get_httppost_text_plain: placeholders({ '{0}': 'text/plain' }),
  get_httppost_no_content_type: placeholders({ '{0}': '' }),
  get_soap11_wrong_soapaction: placeholders({
    '{0}': 'SOAPAction',
    '{1}': 'http://assets.example.net/inode/Nope',
  }),
  ce_on_get_soap11_wrong_soapaction: placeholders({
    '{0}': 'SOAPAction',
    '{1}': 'http://assets.example.net/inode/Nope',
  }),
  unknown_op_soap11: placeholders({
    '{0}': 'SOAPAction',
    '{1}': 'http://assets.example.net/inode/Nope',
  }),
  get_soap11_empty_soapaction: placeholders({ '{0}': 'SOAPAction', '{1}': '' }),

  // Mono-only behaviour around JSON.
  get_soap_as_json_ct: answers(
    'Mono bug: a SOAP POST with Content-Type application/json crashes with ArgumentOutOfRangeException (500 HTML); the emulator refuses the content type like any other non-SOAP one: 415, empty body',
    { status: 415, contentType: 'text/xml; charset=utf-8', closesConnection: false, body: '' },
  ),
  get_httppost_json: answers(
    'Mono artifact: Mono\'s ScriptHandlerFactory answers {"d":…} although the class has no [ScriptService]; .NET refuses the request format (500 text/plain)',
    {
      status: 500,
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'private',
      closesConnection: true,
      body: 'System.InvalidOperationException: Request format is invalid: application/json; charset=utf-8.\n',
    },
  ),

  // Node's HTTP parser.
  get_httpget_raw_utf8_query: answers(
    "Node's HTTP parser (llhttp) refuses raw non-ASCII bytes in a request target with 400 before the handler sees it; IIS and XSP accept them. Enabling insecureHTTPParser would also relax its request-smuggling checks, so the emulator does not. Percent-encoded UTF-8 (what browsers and the client send) works (get_httpget_special_chars)",
    { status: 400, contentType: '', cacheControl: '', closesConnection: true, body: '' },
  ),

  // customErrors On pages.
  ce_on_put_service: answers(
    'Mono\'s generic error page says "A runtime error has occurred"; .NET\'s says "Runtime Error"',
    { body: 'error page: Runtime Error' },
  ),
};
