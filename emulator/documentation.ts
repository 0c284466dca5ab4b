// GET /Inode.asmx: ?WSDL, ?disco, ?op=<Name> and the service page.
import type { IncomingMessage } from 'node:http';
import { isOperationName, SERVICE_PATH } from '../src/protocol/operations.ts';
import { HTML_CONTENT_TYPE, type Answer } from './answer.ts';
import { parseUrlEncoded } from './form-params.ts';
import { discoDocument, wsdlDocument } from './wsdl.ts';
import { operationHelpPage, serviceHelpPage } from './help-page.ts';
import type { ServiceContext } from './service-context.ts';
import { XML_CONTENT_TYPE } from './soap-constants.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The documentation answer for a GET of the service URL.
 * @example documentationAnswer(context, req, Buffer.from('WSDL'))
 */
export function documentationAnswer(
  context: ServiceContext,
  req: IncomingMessage,
  query: Buffer,
): Answer {
  const { identity, options } = context;
  const params = parseUrlEncoded(query);
  const bare = (params.get('') ?? '').toLowerCase().split(',');
  const host = req.headers.host ?? 'localhost';
  const address = `http://${host}${SERVICE_PATH}`;
  if (bare.includes('wsdl') || params.get('wsdl') !== undefined) {
    return {
      status: 200,
      contentType: XML_CONTENT_TYPE,
      cacheable: true,
      body: wsdlDocument(identity, address, options.httpBindings),
    };
  }
  if (bare.includes('disco') || params.get('disco') !== undefined) {
    return {
      status: 200,
      contentType: XML_CONTENT_TYPE,
      cacheable: true,
      body: discoDocument(identity, address),
    };
  }
  const op = params.get('op');
  const local = LOOPBACK.has(req.socket.remoteAddress ?? '');
  const body =
    op !== undefined && isOperationName(op)
      ? operationHelpPage(identity, op, host, { httpBindings: options.httpBindings, local })
      : serviceHelpPage(identity);
  return { status: 200, contentType: HTML_CONTENT_TYPE, cacheable: true, body };
}
