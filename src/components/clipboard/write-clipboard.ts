/** Writing text to the clipboard, as every copy in the console does. */
import { isHeld, readText, textBlob, type TextOrHeld } from '../../text/held-text.ts';

/** What can be copied: text, a held text, or a function that reads the text when pressed. */
export type ClipboardSource = TextOrHeld | (() => Promise<string>);

/**
 * Writes the text to the clipboard; rejects when the browser refuses (no permission, insecure
 * context) or the text cannot be read. A held text (src/text/held-text.ts) goes in as its Blob,
 * and text still being read as a promised item, where the browser takes them: the held text is
 * not read into the page, and the press that asked still counts as the user's.
 * @example await writeClipboard(() => readBody())
 */
export async function writeClipboard(source: ClipboardSource): Promise<void> {
  if (typeof source === 'function') {
    if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
      const blob = source().then((text) => new Blob([text], { type: 'text/plain' }));
      return navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    }
    return navigator.clipboard.writeText(await source());
  }
  if (isHeld(source) && typeof ClipboardItem === 'function') {
    const item = new ClipboardItem({ 'text/plain': textBlob(source, 'text/plain') });
    return navigator.clipboard.write([item]);
  }
  return navigator.clipboard.writeText(await readText(source));
}
