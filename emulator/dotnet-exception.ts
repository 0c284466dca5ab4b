// .NET exceptions as the ASMX pipeline renders them: Exception.ToString() (type, message, inner
// exception, stack) when customErrors is Off, the bare message when it is On.

export interface DotNetException {
  readonly type: string;
  readonly message: string;
  /** Stack frames in .NET's layout: three spaces, `at `, the method. */
  readonly frames: readonly string[];
  readonly inner?: DotNetException;
}

/**
 * Exception.ToString() as .NET Framework writes it.
 * @example exceptionToString({ type: 'System.Exception', message: 'x', frames: ['   at A.B()'] }) // 'System.Exception: x\n   at A.B()'
 */
export function exceptionToString(exception: DotNetException): string {
  let text = `${exception.type}: ${exception.message}`;
  if (exception.inner) {
    text += ` ---> ${exceptionToString(exception.inner)}\n   --- End of inner exception stack trace ---`;
  }
  if (exception.frames.length > 0) text += `\n${exception.frames.join('\n')}`;
  return text;
}

/**
 * What a remote caller sees: the full text with customErrors Off, else the message (with the
 * inner message appended after ` ---> `, as the captured `ce_on_` faults show).
 * @example visibleText(e, true) // 'Server was unable to process request. ---> boom'
 */
export function visibleText(exception: DotNetException, customErrors: boolean): string {
  if (!customErrors) return exceptionToString(exception);
  return exception.inner
    ? `${exception.message} ---> ${exception.inner.message}`
    : exception.message;
}

const ASMX = 'System.Web.Services.Protocols';

/** Frames shown for errors raised by the framework itself (not by the web method). */
export const FRAMEWORK_FRAMES = {
  soap11Route: [
    `   at ${ASMX}.Soap11ServerProtocolHelper.RouteRequest()`,
    `   at ${ASMX}.SoapServerProtocol.RouteRequest(SoapServerMessage message)`,
    `   at ${ASMX}.SoapServerProtocol.Initialize()`,
    `   at ${ASMX}.ServerProtocolFactory.Create(Type type, HttpContext context, HttpRequest request, HttpResponse response, Boolean& abortProcessing)`,
  ],
  soap12Route: [
    `   at ${ASMX}.Soap12ServerProtocolHelper.RouteRequest()`,
    `   at ${ASMX}.SoapServerProtocol.RouteRequest(SoapServerMessage message)`,
    `   at ${ASMX}.SoapServerProtocol.Initialize()`,
    `   at ${ASMX}.ServerProtocolFactory.Create(Type type, HttpContext context, HttpRequest request, HttpResponse response, Boolean& abortProcessing)`,
  ],
  xmlRead: [
    '   at System.Xml.XmlTextReaderImpl.Throw(Exception e)',
    '   at System.Xml.XmlTextReaderImpl.ParseDocumentContent()',
    '   at System.Xml.XmlTextReaderImpl.Read()',
    `   at ${ASMX}.SoapServerProtocolHelper.GetRequestElement()`,
    `   at ${ASMX}.Soap12ServerProtocolHelper.RouteRequest()`,
  ],
  httpInitialize: [
    `   at ${ASMX}.HttpServerProtocol.Initialize()`,
    `   at ${ASMX}.ServerProtocol.SetContext(Type type, HttpContext context, HttpRequest request, HttpResponse response)`,
    `   at ${ASMX}.ServerProtocolFactory.Create(Type type, HttpContext context, HttpRequest request, HttpResponse response, Boolean& abortProcessing)`,
  ],
  httpReadParameters: [
    `   at ${ASMX}.ValueCollectionParameterReader.Read(NameValueCollection collection)`,
    `   at ${ASMX}.HttpServerProtocol.ReadParameters()`,
    `   at ${ASMX}.WebServiceHandler.CoreProcessRequest()`,
  ],
  httpRequestFormat: [
    `   at ${ASMX}.HttpServerProtocol.ReadParameters()`,
    `   at ${ASMX}.WebServiceHandler.CoreProcessRequest()`,
  ],
  requestValidation: [
    '   at System.Web.HttpRequest.ValidateString(String value, String collectionKey, RequestValidationSource requestCollection)',
    '   at System.Web.HttpRequest.ValidateNameValueCollection(NameValueCollection nvc, RequestValidationSource requestCollection)',
    `   at ${ASMX}.HttpServerProtocol.ReadParameters()`,
    `   at ${ASMX}.WebServiceHandler.CoreProcessRequest()`,
  ],
  handlerFactory: [
    `   at ${ASMX}.WebServiceHandlerFactory.CoreGetHandler(Type type, HttpContext context, HttpRequest request, HttpResponse response)`,
    `   at ${ASMX}.WebServiceHandlerFactory.GetHandler(HttpContext context, String verb, String url, String filePath)`,
    '   at System.Web.HttpApplication.MaterializeHandler.System.Web.HttpApplication.IExecutionStep.Execute()',
  ],
} as const;
