// Reads a request body under a size limit and an idle timeout, without ever buffering more
// than the limit: a declared Content-Length over the limit is refused before reading anything.
import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { readonly ok: true; readonly body: Buffer }
  | { readonly ok: false; readonly reason: 'too-large' | 'timeout' | 'aborted' };

/**
 * @example const result = await readRequestBody(req, 4 * 1024 * 1024, 30_000);
 */
export function readRequestBody(
  req: IncomingMessage,
  maxBytes: number,
  idleTimeoutMs: number,
): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      if (!result.ok) req.pause();
      resolve(result);
    };
    let timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), idleTimeoutMs);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), idleTimeoutMs);
    };
    const onEnd = (): void => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAbort = (): void => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}
