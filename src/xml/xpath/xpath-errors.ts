/**
 * The `xpath` library says only "XPath parse error": this finds where an expression goes wrong
 * for the common mistakes (unclosed quote or bracket, stray closer, unknown prefix, a dangling
 * operator at the end) so the message can point at a character.
 */
export interface XPathErrorDetail {
  message: string;
  /** 0-based character index in the expression. */
  position: number;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

export function locateXPathError(
  expression: string,
  libraryMessage: string,
  namespaces: Readonly<Record<string, string>>,
): XPathErrorDetail {
  const unresolved = /Cannot resolve QName (\S+)/.exec(libraryMessage)?.[1];
  if (unresolved) {
    const at = expression.search(
      new RegExp(`(^|[^\\w.-])${unresolved.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`),
    );
    const known = Object.keys(namespaces).join(', ') || 'none';
    return {
      message: `Unknown namespace prefix "${unresolved}" (bound here: ${known})`,
      position: at < 0 ? 0 : at + (expression[at] === unresolved[0] ? 0 : 1),
    };
  }
  const stack: Array<{ char: string; at: number }> = [];
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (c === '"' || c === "'") {
      const end = expression.indexOf(c, i + 1);
      if (end < 0)
        return { message: `The string starting here is not closed with ${c}`, position: i };
      i = end;
    } else if (OPENERS[c]) {
      stack.push({ char: c, at: i });
    } else if (CLOSERS[c]) {
      const open = stack.pop();
      if (!open || open.char !== CLOSERS[c]) return { message: `Unexpected "${c}"`, position: i };
    }
  }
  const unclosed = stack.pop();
  if (unclosed) {
    return {
      message: `"${unclosed.char}" is not closed with "${OPENERS[unclosed.char]}"`,
      position: unclosed.at,
    };
  }
  const trimmed = expression.trimEnd();
  if (/(?:[=<>!+\-*|/,@[(]|\b(?:and|or|div|mod))$/.test(trimmed)) {
    return {
      message: 'The expression ends where something more is expected',
      position: trimmed.length,
    };
  }
  if (/Unknown function|function/i.test(libraryMessage)) {
    return { message: libraryMessage, position: Math.max(0, expression.search(/[\w-]+\s*\(/)) };
  }
  return { message: `${libraryMessage} (check the syntax near the start)`, position: 0 };
}
