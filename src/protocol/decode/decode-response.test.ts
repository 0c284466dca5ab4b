import { describe, expect, it } from 'vitest';
import type { Binding, OperationName } from '../operations.ts';
import { decodeResponse, type DecodedOutcome } from './decode-response.ts';
import { parseIndependently } from '../test-support/independent-xml.ts';

const NS = 'urn:example:inode';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

interface DecodeOptions<Op extends OperationName> {
  status?: number;
  contentType?: string;
  binding?: Binding;
  operation?: Op;
  namespace?: string | null;
}

function decode<Op extends OperationName = 'GetAssetStubs'>(
  body: string,
  options: DecodeOptions<Op> = {},
): DecodedOutcome<Op> {
  const {
    status = 200,
    contentType = 'text/xml; charset=utf-8',
    binding = 'soap11',
    namespace = NS,
  } = options;
  const operation = (options.operation ?? 'GetAssetStubs') as Op;
  return decodeResponse(
    { operation, binding, namespace },
    { status, headers: contentType ? { 'content-type': contentType } : {}, bodyText: body },
    { operation, binding, url: 'http://svc/Inode.asmx' },
  );
}

function caught(run: () => unknown): Error & Record<string, unknown> {
  try {
    run();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a throw');
}

const record = (fields: string, { prefix = 'soap', envelopeNs = SOAP11, extraNs = '' } = {}) =>
  `<?xml version="1.0" encoding="utf-8"?><${prefix}:Envelope xmlns:${prefix}="${envelopeNs}"${extraNs}><${prefix}:Body><GetAssetStubsResponse xmlns="${NS}"><GetAssetStubsResult>${fields}</GetAssetStubsResult></GetAssetStubsResponse></${prefix}:Body></${prefix}:Envelope>`;

describe('decodeResponse: records', () => {
  it('accepts any envelope prefix, fields in any order, and ignores fields of other namespaces', () => {
    const body = record(
      '<UserID>u1</UserID><x:Success xmlns:x="urn:other">false</x:Success><ErrorCode/><Success>1</Success>',
      { prefix: 'env', envelopeNs: SOAP12 },
    );
    const { record: r } = decode(body, { binding: 'soap12', contentType: 'application/soap+xml' });
    expect(r).toEqual({
      Success: true,
      ErrorMessage: null,
      ErrorCode: '',
      Exception: null,
      DataStubs: null,
      NewRecordID: null,
      UserID: 'u1',
    });
  });

  it('reads booleans true/false/1/0 and refuses anything else, naming it', () => {
    for (const [text, value] of [
      ['true', true],
      ['false', false],
      ['1', true],
      ['0', false],
      [' true ', true],
    ] as const) {
      expect(decode(record(`<Success>${text}</Success>`)).record.Success).toBe(value);
    }
    const error = caught(() => decode(record('<Success>yes</Success>')));
    expect(error.name).toBe('ResponseFormatError');
    expect(error['received']).toContain('"yes"');
  });

  it('refuses a record without Success, saying what was expected', () => {
    const error = caught(() => decode(record('<ErrorMessage>x</ErrorMessage>')));
    expect(error.name).toBe('ResponseFormatError');
    expect(error['expected']).toContain('Success');
  });

  it('treats xsi:nil as null and decodes the five entities and character references', () => {
    const body = record(
      '<Success>true</Success><ErrorMessage xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="true"/><Exception>&lt;a&gt; &amp; &quot;&apos; &#233;&#x1F600;&#xD;</Exception>',
    );
    const { record: r, warnings } = decode(body);
    expect(r.ErrorMessage).toBeNull();
    expect(r.Exception).toBe('<a> & "\' é😀\r');
    expect(warnings).toEqual([]);
  });

  it('decodes the server\u2019s invalid &#x1; leniently, with a warning', () => {
    const { record: r, warnings } = decode(
      record('<Success>false</Success><Exception>ctrl&#x1;char</Exception>'),
    );
    expect(r.Exception).toBe('ctrl\u0001char');
    expect(warnings).toEqual([expect.objectContaining({ code: 'invalid-character-reference' })]);
  });

  it('refuses entities other than the predefined five (no DTD, nothing to expand)', () => {
    const error = caught(() =>
      decode(record('<Success>true</Success><Exception>&nbsp;</Exception>')),
    );
    expect(error.name).toBe('ResponseFormatError');
    expect(error['received']).toContain('&nbsp;');
  });

  it('refuses a DOCTYPE anywhere: prolog, inside the body, inside CDATA', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>';
    for (const body of [
      laughs +
        record('<Success>true</Success><Exception>&lol2;</Exception>').replace(/^<\?xml[^>]*>/, ''),
      record('<Success>true</Success><DataStubs><!DOCTYPE x><a/></DataStubs>'),
      record(
        '<Success>true</Success><DataStubs><![CDATA[<!DOCTYPE x [<!ENTITY e "e">]><a>&e;</a>]]></DataStubs>',
      ),
    ]) {
      const error = caught(() => decode(body));
      expect(error.name).toBe('ResponseFormatError');
      expect(String(error['received'])).toContain('DOCTYPE');
    }
  });

  it('refuses what is not well-formed: mismatched tags, two roots, bare &, text outside', () => {
    for (const body of [
      record('<Success>true</Succes>'),
      `${record('<Success>true</Success>')}<again/>`,
      record('<Success>true</Success><Exception>a & b</Exception>'),
      `text${record('<Success>true</Success>')}`,
      record('<Success>true</Success><DataStubs><a><b></a></b></DataStubs>'),
      record('<Success>true</Success><DataStubs><a x="1></DataStubs>'),
    ]) {
      expect(caught(() => decode(body)).name).toBe('ResponseFormatError');
    }
  });

  it('requires the operation response in the service namespace', () => {
    const wrongNs = record('<Success>true</Success>').replace(`xmlns="${NS}"`, 'xmlns="urn:other"');
    const error = caught(() => decode(wrongNs));
    expect(error.name).toBe('ResponseFormatError');
    expect(error['expected']).toContain(`{${NS}}GetAssetStubsResponse`);
    expect(error['received']).toContain('{urn:other}GetAssetStubsResponse');
  });
});

describe('decodeResponse: DataStubs', () => {
  it('keeps the embedded XML byte for byte, with xmlns="" kept', () => {
    const stubs =
      '<AssetStubs xmlns=""><Stub ID="1" T="a &amp; &lt;b&gt; &quot;c&quot;"><Title>é &amp; 😀</Title></Stub></AssetStubs>';
    const result = decode(record(`<Success>true</Success><DataStubs>${stubs}</DataStubs>`));
    expect(result.record.DataStubs).toBe(stubs);
    expect(result.dataStubsForm).toBe('xml');
  });

  it('declares on the extracted root the prefixes and default namespace it inherited', () => {
    const body = record(
      '<Success>true</Success><DataStubs>\n  <a:Stubs><Stub xsi:type="x" a:n="1"/><b:Other xmlns:b="urn:b"/></a:Stubs>\n</DataStubs>',
      {
        extraNs:
          ' xmlns:a="urn:a" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:unused="urn:unused"',
      },
    );
    const xml = decode(body).record.DataStubs ?? '';
    expect(xml.startsWith('<a:Stubs ')).toBe(true);
    expect(xml).not.toContain('urn:unused');
    const root = parseIndependently(xml);
    expect([root.namespace, root.localName]).toEqual(['urn:a', 'Stubs']);
    const stub = root.children.find((c) => typeof c !== 'string');
    // Unprefixed Stub inherited the service namespace from GetAssetStubsResponse.
    expect(stub && typeof stub !== 'string' ? [stub.namespace, stub.attributes] : null).toEqual([
      NS,
      [
        { namespace: 'http://www.w3.org/2001/XMLSchema-instance', localName: 'type', value: 'x' },
        { namespace: 'urn:a', localName: 'n', value: '1' },
      ],
    ]);
  });

  it('returns escaped XML as decoded text, form "escaped"', () => {
    const result = decode(
      record(
        '<Success>true</Success><DataStubs>&lt;AssetStubs&gt;&lt;Stub ID="1"/&gt;&lt;/AssetStubs&gt;</DataStubs>',
      ),
    );
    expect(result.record.DataStubs).toBe('<AssetStubs><Stub ID="1"/></AssetStubs>');
    expect(result.dataStubsForm).toBe('escaped');
  });

  it('returns CDATA content as text, form "cdata"', () => {
    const result = decode(
      record(
        '<Success>true</Success><DataStubs>\n <![CDATA[<AssetStubs><Stub a="&amp;"/></AssetStubs>]]>\n</DataStubs>',
      ),
    );
    expect(result.record.DataStubs).toBe('<AssetStubs><Stub a="&amp;"/></AssetStubs>');
    expect(result.dataStubsForm).toBe('cdata');
  });

  it('tells null (absent) from empty', () => {
    expect(decode(record('<Success>true</Success>')).dataStubsForm).toBeNull();
    const empty = decode(record('<Success>true</Success><DataStubs/>'));
    expect([empty.record.DataStubs, empty.dataStubsForm]).toEqual(['', 'xml']);
  });

  it('warns when DataStubs holds several top-level elements', () => {
    const result = decode(record('<Success>true</Success><DataStubs><a/><b/></DataStubs>'));
    expect(result.record.DataStubs).toBe(`<a xmlns="${NS}"/><b xmlns="${NS}"/>`);
    expect(result.warnings.map((w) => w.code)).toEqual(['data-stubs-fragment']);
  });
});

describe('decodeResponse: HTTP GET/POST roots', () => {
  const root = (name: string, attrs = `xmlns="${NS}"`, field = 'Success') =>
    `<?xml version="1.0" encoding="utf-8"?>\n<${name} ${attrs}>\n  <${field}>true</${field}>\n</${name}>`;

  it('matches the record root by its _Inode suffix, whatever the prefix or deployment name', () => {
    for (const name of ['MediaVault_Inode', 'Other_Inode']) {
      expect(decode(root(name), { binding: 'http-post' }).record.Success).toBe(true);
    }
    const prefixed = root('p:Acme_Inode', `xmlns:p="${NS}"`, 'p:Success');
    expect(decode(prefixed, { binding: 'http-post' }).record.Success).toBe(true);
    const error = caught(() => decode(root('Inode_Result'), { binding: 'http-get' }));
    expect(error.name).toBe('ResponseFormatError');
    expect(error['received']).toContain('Inode_Result');
  });

  it('accepts the root namespace when no namespace was configured', () => {
    const body = root('X_Inode', 'xmlns="urn:somewhere"');
    expect(decode(body, { binding: 'http-get', namespace: null }).record.Success).toBe(true);
    expect(caught(() => decode(body, { binding: 'http-get' })).name).toBe('ResponseFormatError');
  });

  it('reads <string> for AddUserAssetIndex and reports a nil result', () => {
    const ok = decode(`<?xml version="1.0"?><string xmlns="${NS}">ERROR: x</string>`, {
      binding: 'http-get',
      operation: 'AddUserAssetIndex',
    });
    expect(ok.value).toBe('ERROR: x');
    const nil = decode(
      `<string xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="${NS}"/>`,
      { binding: 'http-post', operation: 'AddUserAssetIndex' },
    );
    expect([nil.value, nil.warnings.map((w) => w.code)]).toEqual(['', ['null-result']]);
  });
});

describe('decodeResponse: faults and errors', () => {
  it('normalizes a SOAP 1.2 fault with its Subcode chain, Node, Role and Detail', () => {
    const body = `<e:Envelope xmlns:e="${SOAP12}"><e:Body><e:Fault><e:Code><e:Value>e:Sender</e:Value><e:Subcode><e:Value>m:Bad</e:Value><e:Subcode><e:Value>m:Worse</e:Value></e:Subcode></e:Subcode></e:Code><e:Reason><e:Text xml:lang="de">Schlecht</e:Text><e:Text xml:lang="en">Bad</e:Text></e:Reason><e:Node>http://node</e:Node><e:Role>http://role</e:Role><e:Detail><m:info xmlns:m="urn:m">x &amp; y</m:info></e:Detail></e:Fault></e:Body></e:Envelope>`;
    const error = caught(() =>
      decode(body, { status: 500, binding: 'soap12', contentType: 'application/soap+xml' }),
    );
    expect(error.name).toBe('SoapFaultError');
    expect(error['fault']).toEqual({
      soapVersion: '1.2',
      code: 'e:Sender',
      subcodes: ['m:Bad', 'm:Worse'],
      reason: 'Bad',
      detail: '<m:info xmlns:m="urn:m">x &amp; y</m:info>',
      node: 'http://node',
      role: 'http://role',
    });
  });

  it('normalizes a SOAP 1.1 fault with faultactor and detail, even on status 200', () => {
    const body = `<s:Envelope xmlns:s="${SOAP11}"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>nope</faultstring><faultactor>http://actor</faultactor><detail><d>1</d></detail></s:Fault></s:Body></s:Envelope>`;
    const error = caught(() => decode(body));
    expect(error['fault']).toEqual({
      soapVersion: '1.1',
      code: 's:Client',
      subcodes: [],
      reason: 'nope',
      detail: '<d>1</d>',
      role: 'http://actor',
    });
  });

  it('summarizes a .NET error page and flags a switched-off HTTP binding', () => {
    const page =
      "<html><head><title>Request format is unrecognized for URL unexpectedly ending in '/GetAssetStubs'.</title></head><body><h1>Server Error in '/' Application.<hr width=100% size=1 color=silver></h1><h2> <i>Request format is unrecognized for URL unexpectedly ending in &#39;/GetAssetStubs&#39;.</i> </h2></body></html>";
    const get = caught(() =>
      decode(page, { status: 500, contentType: 'text/html; charset=utf-8', binding: 'http-get' }),
    );
    expect(get).toMatchObject({
      name: 'HttpError',
      status: 500,
      summary: "Request format is unrecognized for URL unexpectedly ending in '/GetAssetStubs'.",
      bindingDisabled: true,
    });
    expect(get.message).toContain('switched off');
    const soap = caught(() => decode(page, { status: 500, contentType: 'text/html' }));
    expect(soap['bindingDisabled']).toBe(false);
  });

  it('reports a proxy\u2019s 502 text/plain as an HttpError with its first line', () => {
    const error = caught(() =>
      decode('target http://x unreachable: ECONNREFUSED\nmore', {
        status: 502,
        contentType: 'text/plain; charset=utf-8',
      }),
    );
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 502,
      summary: 'target http://x unreachable: ECONNREFUSED',
    });
  });

  it('says what came instead of XML on a 2xx', () => {
    for (const [body, contentType, fragment] of [
      ['{"d":1}', 'application/json', 'application/json'],
      ['', 'text/xml', 'empty body'],
      ['hello', 'text/xml', 'not'],
    ] as const) {
      const error = caught(() => decode(body, { contentType }));
      expect(error.name).toBe('ResponseFormatError');
      expect(String(error['received'])).toContain(fragment);
      expect(error.message).toContain('GetAssetStubs over SOAP 1.1 to http://svc/Inode.asmx');
    }
  });
});

describe('decodeResponse: DataStubs text forms keep their content exactly', () => {
  const wrap = (inner: string) =>
    `<?xml version="1.0"?>\n<X_Inode xmlns="${NS}">\n  <Success>true</Success>\n  <DataStubs>${inner}</DataStubs>\n</X_Inode>`;

  it('drops the indentation around escaped XML and CDATA, not the CDATA content', () => {
    const escaped = decode(wrap('\n    &lt;a&gt; x &lt;/a&gt;\n  '), { binding: 'http-get' });
    expect([escaped.record.DataStubs, escaped.dataStubsForm]).toEqual(['<a> x </a>', 'escaped']);
    const cdata = decode(wrap('\n    <![CDATA[  <a/>\n ]]><!-- note -->\n  '), {
      binding: 'http-get',
    });
    expect([cdata.record.DataStubs, cdata.dataStubsForm]).toEqual(['  <a/>\n ', 'cdata']);
    const comment = decode(wrap('\n  <!-- nothing -->\n'), { binding: 'http-get' });
    expect([comment.record.DataStubs, comment.dataStubsForm]).toEqual(['', 'xml']);
  });
});

describe('decodeResponse: DOCTYPE inside comments and processing instructions', () => {
  it('is refused there too', () => {
    for (const inner of ['<!-- <!DOCTYPE x> -->', '<?pi <!DOCTYPE x>?>']) {
      const body = record(`<Success>true</Success><Exception>a${inner}b</Exception>`);
      expect(caught(() => decode(body)).name).toBe('ResponseFormatError');
    }
    expect(
      decode(record('<Success>true</Success><Exception>a<!-- fine -->b</Exception>')).record
        .Exception,
    ).toBe('ab');
  });
});
