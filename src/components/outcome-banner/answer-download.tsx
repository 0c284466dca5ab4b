import type { ResponseTooLargeError } from '../../protocol/index.ts';
import { isResponseTooLargeError } from '../../outcome/error-kinds.ts';
import { formatBytes } from '../../text/format.ts';
import { downloadBlob } from '../xml-viewer/clipboard-and-download.ts';

const EXTENSIONS: ReadonlyArray<[RegExp, string]> = [
  [/xml/i, 'xml'],
  [/html/i, 'html'],
  [/json/i, 'json'],
  [/^text\//i, 'txt'],
];

/**
 * The saved answer's name: the operation and the kind of content, nothing from the call's
 * parameters (over HTTP GET the URL holds the OpenIDKey).
 *
 * @example answerFileName(error) // 'GetAssetStubs-answer.xml'
 */
export function answerFileName(error: Pick<ResponseTooLargeError, 'operation' | 'contentType'>) {
  const extension = EXTENSIONS.find(([type]) => type.test(error.contentType ?? ''))?.[1] ?? 'bin';
  return `${error.operation}-answer.${extension}`;
}

/**
 * For an answer above the size ceiling: saves its exact bytes, which the call kept as a Blob.
 * Renders nothing for any other outcome.
 *
 * @example <OutcomeBanner outcome={view}><AnswerDownload error={error} /></OutcomeBanner>
 */
export function AnswerDownload({ error }: { error: unknown }) {
  if (!isResponseTooLargeError(error)) return null;
  return (
    <p className="outcome-actions">
      <button type="button" onClick={() => downloadBlob(error.body, answerFileName(error))}>
        Download the answer ({formatBytes(error.byteLength)})
      </button>
    </p>
  );
}
