/**
 * Indents XML for reading in the raw exchange panel. A tag-level pass (no parser): text and
 * attributes are copied exactly, only whitespace between tags changes. Input that is not XML
 * comes back unchanged.
 */

const TOKEN =
  /(<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/[^>]*>|<(?:[^>"']|"[^"]*"|'[^']*')*>)/g;

/** Beyond this the body is shown as received: indenting megabytes would block the page. */
export const PRETTY_LIMIT_BYTES = 2_000_000;

/**
 * @example prettyXml('<a><b>x</b></a>') // '<a>\n  <b>x</b>\n</a>'
 */
export function prettyXml(text: string, indent = '  '): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<') || text.length > PRETTY_LIMIT_BYTES) return text;
  const parts = trimmed.split(TOKEN).filter((p) => p !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const isTag = part.startsWith('<');
    if (!isTag) {
      if (part.trim() === '') continue;
      lines.push(indent.repeat(depth) + part.trim());
      continue;
    }
    const closing = part.startsWith('</');
    const selfContained = part.endsWith('/>') || part.startsWith('<?') || part.startsWith('<!');
    if (closing) {
      depth = Math.max(0, depth - 1);
      lines.push(indent.repeat(depth) + part);
      continue;
    }
    // Keep <a>text</a> on one line: the common leaf shape of every response.
    const next = parts[i + 1];
    const after = parts[i + 2];
    if (!selfContained && next !== undefined && !next.startsWith('<') && after?.startsWith('</')) {
      lines.push(indent.repeat(depth) + part + next + after);
      i += 2;
      continue;
    }
    lines.push(indent.repeat(depth) + part);
    if (!selfContained) depth += 1;
  }
  return lines.join('\n');
}
