import type { DataStubsForm } from '../../protocol/types.ts';
import type { AnalysisResult } from '../../workers/viewer/viewer-worker-protocol.ts';
import { formatBytes } from '../../text/format.ts';
import { formatCount } from './format-count.ts';

const FORM_LABEL: Record<DataStubsForm, string> = {
  xml: 'literal XML',
  escaped: 'escaped text',
  cdata: 'a CDATA section',
};

const FORM_HELP: Record<DataStubsForm, string> = {
  xml: 'DataStubs held child elements, as the service normally sends them.',
  escaped:
    'DataStubs held text with the markup escaped (&lt; …); it was decoded once for these views.',
  cdata: 'DataStubs held a CDATA section; its content is shown here.',
};

const count = formatCount;

/** The form the payload arrived in, its size and shape, and escaping problems worth a look. */
export function PayloadFacts({
  form,
  result,
  decodedAgain,
  onDecodeAgain,
}: {
  form: DataStubsForm;
  result: AnalysisResult | null;
  decodedAgain: boolean;
  onDecodeAgain: () => void;
}) {
  const escaping = result?.escaping;
  const warnings: string[] = [];
  if (escaping) {
    if (escaping.doubleEscapedTextNodes > 0) {
      warnings.push(
        `Double escaping: ${count(escaping.doubleEscapedTextNodes)} text node(s) still contain escapes after decoding (such as &amp;lt;, which reads as &lt;).`,
      );
    }
    if (escaping.escapedMarkupTextNodes > 0) {
      warnings.push(
        `Mixed escaping: ${count(escaping.escapedMarkupTextNodes)} text node(s) hold escaped markup (&lt;Tag …&gt;) inside ${form === 'xml' ? 'literal XML' : 'the decoded XML'}.`,
      );
    }
    if (escaping.markupInCdataNodes > 0) {
      warnings.push(`${count(escaping.markupInCdataNodes)} CDATA section(s) hold markup.`);
    }
  }
  const characters = result?.characterProblems;
  if (characters && characters.count > 0) {
    warnings.push(
      `Not XML 1.0: ${count(characters.count)} character(s) XML cannot carry, shown as sent. First: ${characters.first[0] ?? ''}.`,
    );
  }
  return (
    <div className="xv-facts">
      <p className="xv-form">
        Arrived as <strong>{FORM_LABEL[form]}</strong>
        {decodedAgain ? ', then decoded once more here' : ''}.{' '}
        <span className="xv-muted">{FORM_HELP[form]}</span>
      </p>
      {result && (
        <p className="xv-muted">
          {formatBytes(result.byteLength)}
          {!result.syntaxError ? ` · ${count(result.prettyLineCount)} lines pretty-printed` : ''}
          {result.table
            ? ` · ${result.table.rootName}: ${count(result.table.records.length)} ${result.table.recordName}${
                result.table.otherChildren
                  ? ` and ${count(result.table.otherChildren)} other element(s)`
                  : ''
              }`
            : ''}
          {!result.syntaxError ? ` · analysed in ${Math.round(result.analyzeMs)} ms` : ''}
        </p>
      )}
      {escaping?.payloadIsEscapedXml && !decodedAgain && (
        <div role="alert" className="xv-warning">
          {
            'Double escaping: the whole payload is still escaped XML after decoding (it reads "&lt;Tag&gt;" where markup "<Tag>" belongs). '
          }
          <button type="button" onClick={onDecodeAgain}>
            Decode once more
          </button>
        </div>
      )}
      {warnings.length > 0 && (
        <ul className="xv-warning" aria-label="Escaping warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
