/**
 * An Exception field: a .NET exception text is "Type: message" followed by "   at ..." frames;
 * the first line says what happened, so the rest folds away.
 * @example <ExceptionText text={record.Exception} />
 */
export function ExceptionText({ text }: { text: string }) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const first = lines[0] ?? '';
  const rest = lines.slice(1).join('\n');
  if (rest.trim() === '') return <span className="mono">{first}</span>;
  return (
    <details className="exception">
      <summary>
        <span className="mono">{first}</span>
      </summary>
      <pre>{rest}</pre>
    </details>
  );
}
