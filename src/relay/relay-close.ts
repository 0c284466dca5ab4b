/**
 * Why the console server closes a relay connection: one WebSocket close code per reason (4xxx are
 * the relay's own), shared by the server (server/relay.ts) and the page (relay-fetch.ts), which
 * tells the operator each in its own words instead of "connection closed".
 */
export const RELAY_CLOSE = {
  /** The console server holds as many relay connections as it allows (all clients together). */
  serverFull: 4001,
  /** This client address holds as many relay connections as the server allows one address. */
  addressFull: 4002,
  /** The page answered no ping and read nothing for the idle timeout. */
  idle: 4003,
  /** A message that is not a relay frame. */
  notRelayMessage: 4004,
  /** Standard codes the relay also uses. */
  shuttingDown: 1001,
  tooLarge: 1009,
} as const;

/**
 * The sentence the console shows for a relay connection closed with `code` (the server's
 * `reason` is shown as given where it carries a figure, e.g. the limit).
 * @example relayCloseMessage(4002, '') // 'this computer already has as many relay connections …'
 */
export function relayCloseMessage(code: number, reason: string): string {
  const detail = reason ? ` (${reason})` : '';
  switch (code) {
    case RELAY_CLOSE.serverFull:
      return `the console server already serves as many bulk relay connections as it allows${detail}`;
    case RELAY_CLOSE.addressFull:
      return `this computer already has as many bulk relay connections to the console server as it allows; close another bulk job's tab${detail}`;
    case RELAY_CLOSE.idle:
      return `the console server closed the relay: this page answered nothing for too long${detail}`;
    case RELAY_CLOSE.notRelayMessage:
      return `the console server closed the relay: it received a message that is not a relay call${detail}`;
    case RELAY_CLOSE.shuttingDown:
      return 'the console server is shutting down';
    case RELAY_CLOSE.tooLarge:
      return `the console server closed the relay: a request was larger than it accepts${detail}`;
    case 1000:
    case 1005:
      return 'the relay connection to the console server closed';
    case 1006:
      return 'the relay connection to the console server was cut off (network or server gone)';
    default:
      return `the relay connection to the console server closed (code ${code}${reason ? `: ${reason}` : ''})`;
  }
}
