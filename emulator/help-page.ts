// The .NET-style documentation pages: GET /Inode.asmx lists the operations (linked as
// Inode.asmx?op=Name) and GET /Inode.asmx?op=Name shows sample requests and responses for every
// enabled binding, as ASP.NET's DefaultWsdlHelpGenerator does. Plain server-rendered HTML,
// everything escaped; no script.
import {
  OPERATION_NAMES,
  OPERATIONS,
  parameterNames,
  type OperationName,
} from '../src/protocol/operations.ts';
import { escapeHtml } from './xml-escape.ts';
import type { ServiceIdentity } from './response-writers.ts';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, XSD_NS, XSI_NS } from './soap-constants.ts';

const VALUE_START = '\u0001';
const VALUE_END = '\u0002';
const v = (placeholder: string): string => `${VALUE_START}${placeholder}${VALUE_END}`;

/** Escapes a sample and highlights its placeholders like .NET's `<font class=value>`. */
function sampleHtml(sample: string): string {
  return escapeHtml(sample)
    .replaceAll(VALUE_START, '<font class="value">')
    .replaceAll(VALUE_END, '</font>');
}

const STYLE = `BODY { color: #000000; background-color: white; font-family: Verdana; margin-left: 0px; margin-top: 0px; }
#content { margin-left: 30px; font-size: .70em; padding-bottom: 2em; }
A:link, A:visited, A:active { color: #336699; font-weight: bold; }
A:hover { color: cc3300; font-weight: bold; }
pre { background-color: #e5e5cc; padding: 5px; font-family: Courier New; font-size: x-small; margin-top: -5px; border: 1px #f0f0e0 solid; white-space: pre-wrap; }
td { color: #000000; font-family: Verdana; font-size: .7em; }
h2 { font-size: 1.5em; font-weight: bold; margin-top: 25px; margin-bottom: 10px; border-top: 1px solid #003366; margin-left: -15px; color: #003366; }
h3 { font-size: 1.1em; color: #000000; margin-left: -15px; margin-top: 10px; margin-bottom: 10px; }
ul { margin-top: 10px; margin-left: 20px; }
li { margin-top: 10px; color: #000000; }
font.value { color: darkblue; font: bold; }
font.key { color: darkgreen; font: bold; }
.heading1 { color: #ffffff; font-family: Tahoma; font-size: 26px; font-weight: normal; background-color: #003366; margin-top: 0px; margin-bottom: 0px; margin-left: -30px; padding-top: 10px; padding-bottom: 3px; padding-left: 15px; width: 105%; }
.intro { margin-left: -15px; }`;

function layout(body: string): string {
  return `<html>

    <head><link rel="alternate" type="text/xml" href="Inode.asmx?disco" />

    <style type="text/css">
${STYLE}
    </style>

    <title>Inode Web Service</title></head>

  <body>

    <div id="content">

      <p class="heading1">Inode</p><br>

${body}

  </body>
</html>
`;
}

/**
 * The service page: both operations, linked as Inode.asmx?op=Name.
 * @example serviceHelpPage(identity)
 */
export function serviceHelpPage(identity: ServiceIdentity): string {
  const items = OPERATION_NAMES.map(
    (name) =>
      `          <li>
            <a href="Inode.asmx?op=${name}">${name}</a>
            <span>
              <br>${escapeHtml(OPERATIONS[name].summary)}
            </span>
          </li>`,
  ).join('\n');
  return layout(`      <span>
          <p class="intro">The following operations are supported.  For a formal definition, please review the <a href="Inode.asmx?WSDL">Service Description</a>.</p>

          <ul>
${items}
          </ul>
      </span>

      <span>
        <p class="intro">Namespace: <code>${escapeHtml(identity.namespace)}</code></p>
      </span>`);
}

function soapSamples(
  identity: ServiceIdentity,
  op: OperationName,
  host: string,
  version: '1.1' | '1.2',
): string[] {
  const params = parameterNames(op);
  const envelopeNs = version === '1.1' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
  const prefix = version === '1.1' ? 'soap' : 'soap12';
  const contentType =
    version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8';
  const envelope = (inner: string): string => `<?xml version="1.0" encoding="utf-8"?>
<${prefix}:Envelope xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}" xmlns:${prefix}="${envelopeNs}">
  <${prefix}:Body>
${inner}
  </${prefix}:Body>
</${prefix}:Envelope>`;
  const request = `POST /Inode.asmx HTTP/1.1
Host: ${host}
Content-Type: ${contentType}
Content-Length: ${v('length')}${version === '1.1' ? `\nSOAPAction: "${identity.namespace}${op}"` : ''}

${envelope(`    <${op} xmlns="${identity.namespace}">
${params.map((p) => `      <${p}>${v('string')}</${p}>`).join('\n')}
    </${op}>`)}`;
  const result = OPERATIONS[op].result;
  const resultBody =
    result.kind === 'record'
      ? `      <${result.soapElement}>
${result.fields.map((f) => `        <${f.name}>${v(f.type === 'boolean' ? 'boolean' : f.type === 'xml' ? 'xml' : 'string')}</${f.name}>`).join('\n')}
      </${result.soapElement}>`
      : `      <${result.soapElement}>${v('string')}</${result.soapElement}>`;
  const response = `HTTP/1.1 200 OK
Content-Type: ${contentType}
Content-Length: ${v('length')}

${envelope(`    <${op}Response xmlns="${identity.namespace}">
${resultBody}
    </${op}Response>`)}`;
  return [request, response];
}

function httpSamples(
  identity: ServiceIdentity,
  op: OperationName,
  host: string,
  verb: 'GET' | 'POST',
): string[] {
  const query = parameterNames(op)
    .map((p) => `${p}=${v('string')}`)
    .join('&');
  const request =
    verb === 'GET'
      ? `GET /Inode.asmx/${op}?${query} HTTP/1.1
Host: ${host}`
      : `POST /Inode.asmx/${op} HTTP/1.1
Host: ${host}
Content-Type: application/x-www-form-urlencoded
Content-Length: ${v('length')}

${query}`;
  const result = OPERATIONS[op].result;
  const document =
    result.kind === 'record'
      ? `<?xml version="1.0" encoding="utf-8"?>
<${identity.resultPrefix}${result.httpRootSuffix} xmlns="${identity.namespace}">
${result.fields.map((f) => `  <${f.name}>${v(f.type === 'boolean' ? 'boolean' : f.type === 'xml' ? 'xml' : 'string')}</${f.name}>`).join('\n')}
</${identity.resultPrefix}${result.httpRootSuffix}>`
      : `<?xml version="1.0" encoding="utf-8"?>
<${result.httpRootElement} xmlns="${identity.namespace}">${v('string')}</${result.httpRootElement}>`;
  const response = `HTTP/1.1 200 OK
Content-Type: text/xml; charset=utf-8
Content-Length: ${v('length')}

${document}`;
  return [request, response];
}

function section(title: string, intro: string, samples: string[]): string {
  const [request = '', response = ''] = samples;
  return `      <span>
          <h3>${title}</h3>
          <p>${intro}</p>

          <pre>${sampleHtml(request)}</pre>

          <pre>${sampleHtml(response)}</pre>
      </span>`;
}

/** .NET's sentence above each binding's samples. */
function sampleIntro(binding: string): string {
  return `The following is a sample ${binding} request and response.  The <font class=value>placeholders</font> shown need to be replaced with actual values.`;
}

/**
 * The operation page with sample requests and responses per enabled binding, and (for callers on
 * this machine, with HTTP POST enabled) a test form.
 * @example operationHelpPage(identity, 'GetAssetStubs', '127.0.0.1:5173', { httpBindings: true, local: true })
 */
export function operationHelpPage(
  identity: ServiceIdentity,
  op: OperationName,
  host: string,
  options: { httpBindings: boolean; local: boolean },
): string {
  const operation = OPERATIONS[op];
  const parameters = operation.parameters;
  const testForm = !options.httpBindings
    ? '<p>The test form is only available for methods with primitive types as parameters, when the HTTP POST protocol is enabled.</p>'
    : !options.local
      ? '<p>The test form is only available for requests from the local machine.</p>'
      : `<p>To test the operation using the HTTP POST protocol, click the 'Invoke' button.</p>
          <form target="_blank" action="Inode.asmx/${op}" method="POST">
            <table cellspacing="0" cellpadding="4" frame="box" bordercolor="#dcdcdc" rules="none" style="border-collapse: collapse;">
              <tr><td><b>Parameter</b></td><td><b>Value</b></td></tr>
${parameters.map((p) => `              <tr><td>${p.name}:</td><td><input type="${p.secret ? 'password' : 'text'}" size="50" name="${p.name}" autocomplete="off"></td></tr>`).join('\n')}
              <tr><td></td><td align="right"><input type="submit" value="Invoke" class="button"></td></tr>
            </table>
          </form>`;
  const sections = [
    section('SOAP 1.1', sampleIntro('SOAP 1.1'), soapSamples(identity, op, host, '1.1')),
    section('SOAP 1.2', sampleIntro('SOAP 1.2'), soapSamples(identity, op, host, '1.2')),
  ];
  if (options.httpBindings) {
    sections.push(
      section('HTTP GET', sampleIntro('HTTP GET'), httpSamples(identity, op, host, 'GET')),
      section('HTTP POST', sampleIntro('HTTP POST'), httpSamples(identity, op, host, 'POST')),
    );
  }
  return layout(`      <span>
          <p class="intro">Click <a href="Inode.asmx">here</a> for a complete list of operations.</p>
          <h2>${op}</h2>
          <p class="intro">${escapeHtml(operation.summary)}</p>
          <h3>Parameters</h3>
          <ul>
${parameters.map((p) => `            <li><b>${p.name}</b>: ${escapeHtml(p.description)}</li>`).join('\n')}
          </ul>
          <h3>Test</h3>
          ${testForm}
      </span>
${sections.join('\n')}`);
}
