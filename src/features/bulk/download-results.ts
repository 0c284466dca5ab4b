/** Saving a job's results: one name and one way for pasted and streamed jobs. */

/** @example resultsFileName('assets.csv') // 'assets-results.csv' */
export function resultsFileName(fileName: string | null): string {
  const base = fileName ? fileName.replace(/\.[^.]*$/, '') : 'bulk-registration';
  return `${base}-results.csv`;
}

/** Saves a Blob as a file through a Blob URL (the Blob is not copied into the page's heap). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoke later: the browser reads the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
