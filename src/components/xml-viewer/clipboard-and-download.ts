/** Copying and saving payload text. Everything is handled as text; nothing is parsed as HTML. */

/** Copies text; resolves false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves text as a file through a Blob URL.
 *
 * @example downloadText('<a/>', 'stubs.xml', 'application/xml')
 */
export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
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
