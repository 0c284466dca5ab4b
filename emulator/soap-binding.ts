// SOAP 1.1 and 1.2 on POST /Inode.asmx: interpret the request (soap-request.ts), run the
// operation, and answer with a result envelope, a fault, 400 or 415.
import type { IncomingMessage } from 'node:http';
import type { OperationName } from '../src/protocol/operations.ts';
import type { Answer } from './answer.ts';
import { interpretSoapRequest } from './soap-request.ts';
import { soapFault, soapResult } from './response-writers.ts';
import { visibleText, type DotNetException } from './dotnet-exception.ts';
import { methodException, type ServiceContext } from './service-context.ts';
import type { ParameterValue } from './model-types.ts';
import { SOAP_CONTENT_TYPE, XML_CONTENT_TYPE, type SoapVersion } from './soap-constants.ts';

function call(
  context: ServiceContext,
  version: SoapVersion,
  operation: OperationName,
  parameters: Readonly<Record<string, ParameterValue>>,
): Answer {
  const contentType = SOAP_CONTENT_TYPE[version];
  try {
    const result = context.invoke(operation, parameters);
    return {
      status: 200,
      contentType,
      cacheable: true,
      body: soapResult(version, context.identity, result),
    };
  } catch (error) {
    const exception: DotNetException = {
      type: 'System.Web.Services.Protocols.SoapException',
      message: 'Server was unable to process request.',
      frames: [],
      inner: methodException(error, operation),
    };
    return {
      status: 500,
      contentType,
      cacheable: true,
      body: soapFault(version, {
        code: version === '1.1' ? 'Server' : 'Receiver',
        text: visibleText(exception, context.options.customErrors),
      }),
    };
  }
}

/**
 * Answers a SOAP request whose body has been read.
 * @example soapAnswer(context, req, body)
 */
export function soapAnswer(context: ServiceContext, req: IncomingMessage, body: Buffer): Answer {
  const soapAction = req.headers['soapaction'];
  const outcome = interpretSoapRequest({
    contentType: req.headers['content-type'],
    soapAction: Array.isArray(soapAction) ? soapAction.join(',') : soapAction,
    body,
    namespace: context.identity.namespace,
  });
  switch (outcome.kind) {
    case 'unsupported-media-type':
      return { status: 415, contentType: XML_CONTENT_TYPE, cacheable: false, body: '' };
    case 'bad-request': {
      const base = outcome.contentType.split(';')[0]?.trim().toLowerCase();
      const version: SoapVersion = base === 'application/soap+xml' ? '1.2' : '1.1';
      return { status: 400, contentType: SOAP_CONTENT_TYPE[version], cacheable: false, body: '' };
    }
    case 'fault':
      return {
        status: 500,
        contentType: SOAP_CONTENT_TYPE[outcome.version],
        cacheable: false,
        body: soapFault(outcome.version, {
          code: outcome.code,
          text: visibleText(outcome.exception, context.options.customErrors),
        }),
      };
    case 'call':
      return call(context, outcome.version, outcome.operation, outcome.parameters);
  }
}
