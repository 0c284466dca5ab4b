/** A job's results file: one name for pasted and streamed jobs. */

/** @example resultsFileName('assets.csv') // 'assets-results.csv' */
export function resultsFileName(fileName: string | null): string {
  const base = fileName ? fileName.replace(/\.[^.]*$/, '') : 'bulk-registration';
  return `${base}-results.csv`;
}
