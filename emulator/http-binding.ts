// HTTP GET and HTTP POST on /Inode.asmx/<Operation>, in ASP.NET's order of checks: the
// handler factory (binding enabled, verb), the method name (exact, then case-insensitive for
// the better message), the POST content type, request validation, missing parameters, then
// the method itself.
import type { IncomingMessage } from 'node:http';
import {
  isOperationName,
  OPERATION_NAMES,
  parameterNames,
  type OperationName,
} from '../src/protocol/operations.ts';
import { errorPageAnswer, textErrorAnswer, type Answer } from './answer.ts';
import {
  parseUrlEncoded,
  requestValidationMessage,
  type ParameterCollection,
} from './form-params.ts';
import { httpResult } from './response-writers.ts';
import { FRAMEWORK_FRAMES, type DotNetException } from './dotnet-exception.ts';
import { methodException, type ServiceContext } from './service-context.ts';
import type { ParameterValue } from './model-types.ts';
import { XML_CONTENT_TYPE } from './soap-constants.ts';

/** Reads the request body, or gives the answer to send instead (null: the client is gone). */
export type BodyReader = (req: IncomingMessage) => Promise<Buffer | Answer | null>;

function call(
  context: ServiceContext,
  operation: OperationName,
  collection: ParameterCollection,
  source: 'QueryString' | 'Form',
): Answer {
  const customErrors = context.options.customErrors;
  const framework = (exception: DotNetException): Answer =>
    textErrorAnswer(exception, false, customErrors);
  const validation = requestValidationMessage(collection, source);
  if (validation) {
    return framework({
      type: 'System.Web.HttpRequestValidationException',
      message: validation,
      frames: FRAMEWORK_FRAMES.requestValidation,
    });
  }
  const parameters: Record<string, ParameterValue> = {};
  for (const name of parameterNames(operation)) {
    const value = collection.get(name);
    if (value === undefined) {
      return framework({
        type: 'System.InvalidOperationException',
        message: `Missing parameter: ${name}.`,
        frames: FRAMEWORK_FRAMES.httpReadParameters,
      });
    }
    parameters[name] = value;
  }
  try {
    const result = context.invoke(operation, parameters);
    return {
      status: 200,
      contentType: XML_CONTENT_TYPE,
      cacheable: true,
      body: httpResult(context.identity, result),
    };
  } catch (error) {
    return textErrorAnswer(methodException(error, operation), true, customErrors);
  }
}

function unknownMethod(methodName: string): DotNetException {
  const sameName = OPERATION_NAMES.find((n) => n.toLowerCase() === methodName.toLowerCase());
  // The &#39; entities are in the message itself, as the captured server sends it.
  return sameName
    ? {
        type: 'System.ArgumentException',
        message: `Invalid method name &#39;${methodName}&#39;,  method names are case sensitive.   The method name &#39;${sameName}&#39; with the same name but different casing was found.\nParameter name: methodName`,
        frames: FRAMEWORK_FRAMES.httpInitialize,
      }
    : {
        type: 'System.InvalidOperationException',
        message: `${methodName} Web Service method name is not valid.`,
        frames: FRAMEWORK_FRAMES.httpInitialize,
      };
}

/**
 * Answers a request to /Inode.asmx/<methodName>.
 * @example await operationUrlAnswer(context, req, 'GetAssetStubs', queryBytes, readBody)
 */
export async function operationUrlAnswer(
  context: ServiceContext,
  req: IncomingMessage,
  methodName: string,
  query: Buffer,
  readBody: BodyReader,
): Promise<Answer | null> {
  const { customErrors, httpBindings } = context.options;
  const verb = req.method ?? 'GET';
  if (!httpBindings || (verb !== 'GET' && verb !== 'POST')) {
    return errorPageAnswer(
      500,
      {
        type: 'System.InvalidOperationException',
        message: `Request format is unrecognized for URL unexpectedly ending in '/${methodName}'.`,
        frames: FRAMEWORK_FRAMES.handlerFactory,
      },
      customErrors,
    );
  }
  if (!isOperationName(methodName))
    return textErrorAnswer(unknownMethod(methodName), false, customErrors);
  if (verb === 'GET') return call(context, methodName, parseUrlEncoded(query), 'QueryString');
  const body = await readBody(req);
  if (!Buffer.isBuffer(body)) return body;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
    return textErrorAnswer(
      {
        type: 'System.InvalidOperationException',
        message: `Request format is invalid: ${contentType}.`,
        frames: FRAMEWORK_FRAMES.httpRequestFormat,
      },
      false,
      customErrors,
    );
  }
  return call(context, methodName, parseUrlEncoded(body), 'Form');
}
