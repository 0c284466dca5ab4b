// The embedded Inode.asmx: a plain node:http request handler, used by the standalone server
// (emulator/server.ts, emulator/cli.ts) and mounted by the Vite dev and preview servers
// (emulator/vite-plugin.ts). Routing, limits and error shapes follow the captured ASMX server,
// with Microsoft .NET's behaviour where Mono's differs (placeholders filled in, HTTP/1.1).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  OPERATION_NAMES,
  parameterNames,
  SERVICE_PATH,
  isOperationName,
  type OperationName,
} from '../src/protocol/operations.ts';
import { EmulatorStore } from './store.ts';
import { resolveOptions, type EmulatorOptions, type ResolvedOptions } from './options.ts';
import { createReferenceModel } from './reference-model.ts';
import { createEmulatorModel, seedDemoUsers, seedStubs } from './emulator-model.ts';
import { ServiceMethodError, type InodeModel, type ParameterValue } from './model-types.ts';
import { httpResult, soapFault, soapResult, type OperationResult } from './response-writers.ts';
import { interpretSoapRequest } from './soap-request.ts';
import {
  parseUrlEncoded,
  requestValidationMessage,
  type ParameterCollection,
} from './form-params.ts';
import { FRAMEWORK_FRAMES, visibleText, type DotNetException } from './dotnet-exception.ts';
import { exceptionPage, httpErrorPage, notFoundPage } from './error-pages.ts';
import { discoDocument, wsdlDocument } from './wsdl.ts';
import { operationHelpPage, serviceHelpPage } from './help-page.ts';
import { readRequestBody } from './request-body.ts';
import { pickFault, type FaultInjection } from './fault-injection.ts';
import type { ChunkedBody } from './xml-node.ts';
import {
  SOAP_CONTENT_TYPE,
  TEXT_CONTENT_TYPE,
  XML_CONTENT_TYPE,
  type SoapVersion,
} from './soap-constants.ts';

/** One answer, before it is written (and before fault injection may spoil it). */
interface Answer {
  readonly status: number;
  readonly contentType: string;
  /** `private, max-age=0` on method results (and their faults) and documentation pages. */
  readonly cacheable: boolean;
  readonly body: string | ChunkedBody;
}

const HTML = 'text/html';

function methodException(error: unknown, operation: OperationName): DotNetException {
  if (error instanceof ServiceMethodError) {
    return { type: error.typeName, message: error.message, frames: error.frames };
  }
  // A bug in the emulator itself: still answered the way ASP.NET answers any exception.
  return {
    type: 'System.Exception',
    message: error instanceof Error ? error.message : String(error),
    frames: [`   at Inode.${operation}()`],
  };
}

/** Writes the chunks with back-pressure, so a 40 MB answer does not pile up in socket buffers. */
async function writeChunks(res: ServerResponse, chunks: readonly Buffer[]): Promise<void> {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}

/** The node:http handler, plus what tests and the CLI need around it. */
export interface EmulatorHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly options: ResolvedOptions;
  readonly store: EmulatorStore;
  /** Test-only control: turns fault injection on (or off with null) at run time. */
  setFaultInjection(faults: FaultInjection | null): void;
  /** Closes the database. */
  close(): void;
}

/**
 * Creates the emulator's request handler (opens the database and seeds the demo users).
 * @example
 * const handler = createEmulatorHandler({ db: ':memory:' });
 * http.createServer(handler).listen(0);
 */
export function createEmulatorHandler(options: EmulatorOptions = {}): EmulatorHandler {
  const resolved = resolveOptions(options);
  const store = EmulatorStore.open(resolved.db);
  let model: InodeModel;
  if (resolved.referenceMode) {
    model = createReferenceModel(store);
  } else {
    seedDemoUsers(store);
    if (resolved.seedStubs > 0) seedStubs(store, resolved.seedStubs);
    model = createEmulatorModel(store);
  }
  let faults = resolved.faultInjection;
  const identity = { namespace: resolved.namespace, resultPrefix: resolved.resultPrefix };

  function invoke(
    operation: OperationName,
    parameters: Readonly<Record<string, ParameterValue>>,
  ): OperationResult {
    const p = (name: string): ParameterValue => parameters[name] ?? null;
    if (operation === 'GetAssetStubs') {
      return {
        operation,
        value: model.getAssetStubs({
          OpenIDKey: p('OpenIDKey'),
          AssetType: p('AssetType'),
          OtherFilterCriteria: p('OtherFilterCriteria'),
        }),
      };
    }
    return {
      operation,
      value: model.addUserAssetIndex({
        OpenIDKey: p('OpenIDKey'),
        ServiceURI: p('ServiceURI'),
        MediaType: p('MediaType'),
      }),
    };
  }

  const errorPage = (status: number, exception: DotNetException): Answer => ({
    status,
    contentType: HTML,
    cacheable: false,
    body: exceptionPage(exception, resolved.customErrors),
  });

  const textError = (exception: DotNetException, cacheable: boolean): Answer => ({
    status: 500,
    contentType: TEXT_CONTENT_TYPE,
    cacheable,
    body: `${visibleText(exception, resolved.customErrors)}\n`,
  });

  const unrecognizedUrl = (path: string): Answer =>
    errorPage(500, {
      type: 'System.InvalidOperationException',
      message: `Request format is unrecognized for URL unexpectedly ending in '${path}'.`,
      frames: FRAMEWORK_FRAMES.handlerFactory,
    });

  function soapAnswer(req: IncomingMessage, body: Buffer): Answer {
    const soapAction = req.headers['soapaction'];
    const outcome = interpretSoapRequest({
      contentType: req.headers['content-type'],
      soapAction: Array.isArray(soapAction) ? soapAction.join(',') : soapAction,
      body,
      namespace: resolved.namespace,
    });
    switch (outcome.kind) {
      case 'unsupported-media-type':
        return { status: 415, contentType: XML_CONTENT_TYPE, cacheable: false, body: '' };
      case 'bad-request': {
        const base = outcome.contentType.split(';')[0]?.trim().toLowerCase();
        return {
          status: 400,
          contentType:
            base === 'application/soap+xml' ? SOAP_CONTENT_TYPE['1.2'] : SOAP_CONTENT_TYPE['1.1'],
          cacheable: false,
          body: '',
        };
      }
      case 'fault':
        return {
          status: 500,
          contentType: SOAP_CONTENT_TYPE[outcome.version],
          cacheable: false,
          body: soapFault(outcome.version, {
            code: outcome.code,
            text: visibleText(outcome.exception, resolved.customErrors),
          }),
        };
      case 'call':
        return soapCall(outcome.version, outcome.operation, outcome.parameters);
    }
  }

  function soapCall(
    version: SoapVersion,
    operation: OperationName,
    parameters: Readonly<Record<string, ParameterValue>>,
  ): Answer {
    try {
      const result = invoke(operation, parameters);
      return {
        status: 200,
        contentType: SOAP_CONTENT_TYPE[version],
        cacheable: true,
        body: soapResult(version, identity, result),
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
        contentType: SOAP_CONTENT_TYPE[version],
        cacheable: true,
        body: soapFault(version, {
          code: version === '1.1' ? 'Server' : 'Receiver',
          text: visibleText(exception, resolved.customErrors),
        }),
      };
    }
  }

  function httpCall(
    operation: OperationName,
    collection: ParameterCollection,
    source: 'QueryString' | 'Form',
  ): Answer {
    const validation = requestValidationMessage(collection, source);
    if (validation) {
      return textError(
        {
          type: 'System.Web.HttpRequestValidationException',
          message: validation,
          frames: FRAMEWORK_FRAMES.requestValidation,
        },
        false,
      );
    }
    const parameters: Record<string, ParameterValue> = {};
    for (const name of parameterNames(operation)) {
      const value = collection.get(name);
      if (value === undefined) {
        return textError(
          {
            type: 'System.InvalidOperationException',
            message: `Missing parameter: ${name}.`,
            frames: FRAMEWORK_FRAMES.httpReadParameters,
          },
          false,
        );
      }
      parameters[name] = value;
    }
    try {
      const result = invoke(operation, parameters);
      return {
        status: 200,
        contentType: XML_CONTENT_TYPE,
        cacheable: true,
        body: httpResult(identity, result),
      };
    } catch (error) {
      return textError(methodException(error, operation), true);
    }
  }

  async function operationUrlAnswer(
    req: IncomingMessage,
    methodName: string,
    query: Buffer,
  ): Promise<Answer | null> {
    const verb = req.method ?? 'GET';
    if (!resolved.httpBindings || (verb !== 'GET' && verb !== 'POST')) {
      return unrecognizedUrl(`/${methodName}`);
    }
    if (!isOperationName(methodName)) {
      const sameName = OPERATION_NAMES.find((n) => n.toLowerCase() === methodName.toLowerCase());
      return textError(
        sameName
          ? {
              type: 'System.ArgumentException',
              message: `Invalid method name &#39;${methodName}&#39;,  method names are case sensitive.   The method name &#39;${sameName}&#39; with the same name but different casing was found.\nParameter name: methodName`,
              frames: FRAMEWORK_FRAMES.httpInitialize,
            }
          : {
              type: 'System.InvalidOperationException',
              message: `${methodName} Web Service method name is not valid.`,
              frames: FRAMEWORK_FRAMES.httpInitialize,
            },
        false,
      );
    }
    if (verb === 'GET') return httpCall(methodName, parseUrlEncoded(query), 'QueryString');
    const body = await readBodyOrAnswer(req);
    if (!Buffer.isBuffer(body)) return body;
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
      return textError(
        {
          type: 'System.InvalidOperationException',
          message: `Request format is invalid: ${contentType}.`,
          frames: FRAMEWORK_FRAMES.httpRequestFormat,
        },
        false,
      );
    }
    return httpCall(methodName, parseUrlEncoded(body), 'Form');
  }

  /** The body, or the answer to give when it cannot be read (null: connection already gone). */
  async function readBodyOrAnswer(req: IncomingMessage): Promise<Buffer | Answer | null> {
    const result = await readRequestBody(req, resolved.maxRequestBytes, resolved.bodyTimeoutMs);
    if (result.ok) return result.body;
    if (result.reason === 'too-large') {
      return {
        status: 413,
        contentType: HTML,
        cacheable: false,
        body: httpErrorPage('Maximum request length exceeded.', resolved.customErrors),
      };
    }
    if (result.reason === 'timeout') {
      return {
        status: 408,
        contentType: HTML,
        cacheable: false,
        body: httpErrorPage('Request timed out.', resolved.customErrors),
      };
    }
    return null;
  }

  function serviceAddress(req: IncomingMessage): string {
    const host = req.headers.host ?? 'localhost';
    return `http://${host}${SERVICE_PATH}`;
  }

  async function serviceRootAnswer(req: IncomingMessage, query: Buffer): Promise<Answer | null> {
    const verb = req.method ?? 'GET';
    if (verb === 'POST') {
      const body = await readBodyOrAnswer(req);
      return Buffer.isBuffer(body) ? soapAnswer(req, body) : body;
    }
    if (verb !== 'GET') {
      return {
        status: 405,
        contentType: HTML,
        cacheable: false,
        body: httpErrorPage('Request format is unrecognized.', resolved.customErrors),
      };
    }
    const params = parseUrlEncoded(query);
    const bare = (params.get('') ?? '').toLowerCase().split(',');
    if (bare.includes('wsdl') || params.get('wsdl') !== undefined) {
      return {
        status: 200,
        contentType: XML_CONTENT_TYPE,
        cacheable: true,
        body: wsdlDocument(identity, serviceAddress(req), resolved.httpBindings),
      };
    }
    if (bare.includes('disco') || params.get('disco') !== undefined) {
      return {
        status: 200,
        contentType: XML_CONTENT_TYPE,
        cacheable: true,
        body: discoDocument(identity, serviceAddress(req)),
      };
    }
    const op = params.get('op');
    const host = req.headers.host ?? 'localhost';
    const remote = req.socket.remoteAddress ?? '';
    const local = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
    const body =
      op !== undefined && isOperationName(op)
        ? operationHelpPage(identity, op, host, { httpBindings: resolved.httpBindings, local })
        : serviceHelpPage(identity);
    return { status: 200, contentType: HTML, cacheable: true, body };
  }

  async function answerFor(req: IncomingMessage): Promise<Answer | null> {
    const rawUrl = Buffer.from(req.url ?? '/', 'latin1');
    const questionMark = rawUrl.indexOf(0x3f);
    const rawPath = (questionMark < 0 ? rawUrl : rawUrl.subarray(0, questionMark)).toString('utf8');
    const query = questionMark < 0 ? Buffer.alloc(0) : rawUrl.subarray(questionMark + 1);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      path = rawPath;
    }
    if (path === SERVICE_PATH) return serviceRootAnswer(req, query);
    if (path.startsWith(`${SERVICE_PATH}/`)) {
      return operationUrlAnswer(req, path.slice(SERVICE_PATH.length + 1), query);
    }
    return { status: 404, contentType: HTML, cacheable: false, body: notFoundPage(path) };
  }

  async function send(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
    const active = faults;
    if (active && active.latencyMs > 0) await new Promise((r) => setTimeout(r, active.latencyMs));
    const fault = active ? pickFault(active) : 'none';
    if (fault === 'reset') {
      req.socket.destroy();
      return;
    }
    const final: Answer =
      fault === 'error'
        ? errorPage(500, {
            type: 'System.Exception',
            message: 'Injected fault (emulator fault injection).',
            frames: [],
          })
        : answer;
    const chunks =
      typeof final.body === 'string' ? [Buffer.from(final.body, 'utf8')] : final.body.finish();
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    res.statusCode = final.status;
    res.setHeader('X-AspNet-Version', '4.0.30319');
    res.setHeader('Cache-Control', final.cacheable ? 'private, max-age=0' : 'private');
    res.setHeader('Content-Type', final.contentType);
    res.setHeader('Content-Length', length);
    if ([400, 408, 413].includes(final.status) || final.status >= 500) {
      res.setHeader('Connection', 'close');
    }
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    if (fault === 'truncate' && length > 1) {
      res.write(Buffer.concat(chunks).subarray(0, Math.floor(length / 2)), () =>
        req.socket.destroy(),
      );
      return;
    }
    await writeChunks(res, chunks);
  }

  const handler = ((req: IncomingMessage, res: ServerResponse): void => {
    answerFor(req)
      .then((answer) => {
        if (answer === null) {
          req.socket.destroy();
          return;
        }
        return send(req, res, answer);
      })
      .catch((error: unknown) => {
        console.error('[emulator] unexpected error', error);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.statusCode = 500;
        res.setHeader('Content-Type', HTML);
        res.setHeader('Connection', 'close');
        res.end(
          exceptionPage(
            {
              type: 'System.Exception',
              message: 'The emulator failed to answer this request.',
              frames: [],
            },
            resolved.customErrors,
          ),
        );
      });
  }) as EmulatorHandler;

  return Object.assign(handler, {
    options: resolved,
    store,
    setFaultInjection(next: FaultInjection | null) {
      faults = next;
    },
    close() {
      store.close();
    },
  });
}
