import { Blob as NodeBlob } from 'node:buffer';
import { holdText, type HeldText } from '../text/held-text.ts';

/**
 * `text` held as the client worker would send it. Node's Blob, since jsdom's has neither
 * `text()` nor `arrayBuffer()`.
 * @example render(<FieldTable record={{ ...record, DataStubs: heldForTest('<A/>') }} />)
 */
export function heldForTest(text: string): HeldText {
  return holdText(new NodeBlob([text]) as unknown as Blob, text.length);
}
