/** A full garbage collection when Node runs with --expose-gc (as `npm run bench` runs it). */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
