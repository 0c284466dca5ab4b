import type { Exchange, RawRequest } from '../../protocol/types.ts';
import type { TextOrHeld } from '../../text/held-text.ts';

/** What the raw exchange panel shows; the lazy body takes the same props. */
export interface RawExchangePanelProps {
  /** The whole exchange when a response arrived; a large answer's body may be held. */
  exchange: Exchange<TextOrHeld> | null;
  /** The request alone when none did (network failure, timeout). */
  request: RawRequest | null;
  /** Values redacted unless the user reveals them: the OpenIDKey. */
  secrets: string[];
  /** The dev-server target the call went to, so "Copy as curl" reaches the same one. */
  targetId: string | null;
}
