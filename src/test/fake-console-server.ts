/**
 * Test helpers: a fake console server for page tests (targets, ?WSDL, and service answers the
 * test releases one by one), answering with the project's reference captures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

export interface Captured {
  status: number;
  body: Uint8Array<ArrayBuffer>;
}

/** A recorded response from the project's reference captures (status line and body). */
export function captured(name: string): Captured {
  const bytes = readFileSync(join(process.cwd(), 'fixtures/reference/raw', `${name}.response`));
  const end = bytes.indexOf('\r\n\r\n');
  const status = Number(
    /^HTTP\/\d\.\d (\d{3})/.exec(bytes.subarray(0, end).toString('latin1'))?.[1],
  );
  return { status, body: new Uint8Array(bytes.subarray(end + 4)) };
}

export function answer(capture: Captured): Response {
  return new Response(capture.body, {
    status: capture.status,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  });
}

/** A fake console server: targets, ?WSDL, and service answers the test releases in order. */
export function fakeServer() {
  const pending: Array<{ resolve: (r: Response) => void; reject: (e: unknown) => void }> = [];
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/__console/targets')) {
      return Response.json({
        targets: [{ id: 'emulator', label: 'Embedded emulator', kind: 'emulator' }],
        defaultId: 'emulator',
        relay: true,
      });
    }
    if (/\?wsdl$/i.test(url)) return answer(captured('wsdl'));
    calls.push(String(init?.body ?? ''));
    return new Promise<Response>((resolve, reject) => {
      const entry = { resolve, reject };
      pending.push(entry);
      init?.signal?.addEventListener('abort', () => {
        pending.splice(pending.indexOf(entry), 1);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  });
  return {
    fetchMock,
    calls,
    respond: (r: Response) => pending.shift()?.resolve(r),
    fail: (e: unknown) => pending.shift()?.reject(e),
  };
}
