/** Copying and saving payload text. Everything is handled as text; nothing is parsed as HTML. */
import { textBlob, type TextOrHeld } from '../../text/held-text.ts';
import { writeClipboard } from '../clipboard/write-clipboard.ts';

/**
 * Copies text; resolves false when the browser refuses (no permission, insecure context). A held
 * text goes to the clipboard as its Blob where the browser takes one (`writeClipboard`).
 */
export function copyText(text: TextOrHeld): Promise<boolean> {
  return writeClipboard(text).then(
    () => true,
    () => false,
  );
}

/**
 * Saves text as a file through a Blob URL; a held text's Blob as it is.
 *
 * @example downloadText('<a/>', 'stubs.xml', 'application/xml')
 */
export function downloadText(text: TextOrHeld, fileName: string, type: string): void {
  downloadBlob(textBlob(text, type), fileName);
}

/**
 * Saves a Blob as a file through a Blob URL (the Blob is not copied into the page's heap).
 *
 * @example downloadBlob(error.body, 'GetAssetStubs-answer.xml')
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A file name safe on every OS. @example safeFileName('a/b:c') // 'a_b_c' */
export function safeFileName(name: string): string {
  const printable = Array.from(name, (c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return printable.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 120) || 'datastubs';
}
