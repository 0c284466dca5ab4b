// ASP.NET's HTML error pages ("yellow screen of death"), in Microsoft .NET's layout: the title
// and the <h2><i> line carry the message; details and stack appear only with customErrors Off.
import { escapeHtml } from './xml-escape.ts';
import { exceptionToString, type DotNetException } from './dotnet-exception.ts';

const STYLE = `body {font-family:"Verdana";font-weight:normal;font-size: .7em;color:black;}
         p {font-family:"Verdana";font-weight:normal;color:black;margin-top: -5px}
         b {font-family:"Verdana";font-weight:bold;color:black;margin-top: -5px}
         H1 { font-family:"Verdana";font-weight:normal;font-size:18pt;color:red }
         H2 { font-family:"Verdana";font-weight:normal;font-size:14pt;color:maroon }
         pre {font-family:"Consolas","Lucida Console",Monospace;font-size:11pt;margin:0;padding:0.5em;line-height:14pt}
         .marker {font-weight: bold; color: black;text-decoration: none;}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html>
    <head>
        <title>${title}</title>
        <meta name="viewport" content="width=device-width" />
        <style>
         ${STYLE}
        </style>
    </head>

    <body bgcolor="white">

            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>

${body}
            <hr width=100% size=1 color=silver>

            <b>Version Information:</b>&nbsp;Microsoft .NET Framework Version:4.0.30319; ASP.NET Version:4.8.4762.0 (Inode emulator)

            </font>

    </body>
</html>
`;
}

/**
 * The error page for an exception: details and stack with customErrors Off, the generic
 * "Runtime Error" page with it On.
 * @example exceptionPage({ type: 'System.InvalidOperationException', message: 'x', frames: [] }, false)
 */
export function exceptionPage(exception: DotNetException, customErrors: boolean): string {
  if (customErrors) return runtimeErrorPage();
  const message = escapeHtml(exception.message);
  return page(
    message,
    `            <h2> <i>${message}</i> </h2></span>

            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">

            <b> Description: </b>An unhandled exception occurred during the execution of the current web request. Please review the stack trace for more information about the error and where it originated in the code.

            <br><br>

            <b> Exception Details: </b>${escapeHtml(exception.type)}: ${message}<br><br>

            <b>Stack Trace:</b> <br><br>

            <table width=100% bgcolor="#ffffcc">
               <tr>
                  <td>
                      <code><pre>

[${escapeHtml(exception.type)}: ${message}]
${escapeHtml(exception.frames.join('\n'))}
</pre></code>

                  </td>
               </tr>
            </table>

            <br>
<!--
${escapeHtml(exceptionToString(exception))}
-->`,
  );
}

/** The page every error becomes with customErrors On (no message, no stack). */
export function runtimeErrorPage(): string {
  return page(
    'Runtime Error',
    `            <h2> <i>Runtime Error</i> </h2></span>

            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">

            <b> Description: </b>An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed remotely (for security reasons). It could, however, be viewed by browsers running on the local server machine.
            <br><br>`,
  );
}

/**
 * The 404 page for a path the server does not have.
 * @example notFoundPage('/Other.asmx')
 */
export function notFoundPage(path: string): string {
  return page(
    'The resource cannot be found.',
    `            <h2> <i>The resource cannot be found.</i> </h2></span>

            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">

            <b> Description: </b>HTTP 404. The resource you are looking for (or one of its dependencies) could have been removed, had its name changed, or is temporarily unavailable. &nbsp;Please review the following URL and make sure that it is spelled correctly.
            <br><br>

            <b> Requested URL: </b>${escapeHtml(path)}<br><br>`,
  );
}

/**
 * A page for an HTTP-level error the framework raises with its own status (405, 413, 408).
 * @example httpErrorPage('Request format is unrecognized.')
 */
export function httpErrorPage(message: string, customErrors: boolean): string {
  return exceptionPage({ type: 'System.Web.HttpException', message, frames: [] }, customErrors);
}
