/**
 * A payload sent to a worker, as text: UTF-8 bytes decoded, a held payload's Blob
 * (src/text/held-text.ts) read there, so the page need not read it.
 * @example const text = await payloadText(blob)
 */
export async function payloadText(payload: string | Uint8Array | Blob): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (ArrayBuffer.isView(payload)) return new TextDecoder().decode(payload);
  return payload.text();
}
