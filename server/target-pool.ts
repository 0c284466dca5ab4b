// The proxy's connections to one target: kept alive and reused (most of the proxy's speed), a
// bounded pool, and idle connections closed before the target would close them. undici's Pool
// rather than node:http's Agent: its dispatch API hands the answer's head and body to callbacks,
// with no ClientRequest or IncomingMessage stream per call, which is a tenth of the proxy's cost
// per call (docs/performance.md, "The proxy on undici").
import { Pool } from 'undici';
import type { RemoteTarget } from './targets.ts';

/**
 * How long an idle connection waits for its next call. A server closes an idle connection
 * after its own keep-alive timeout; a call sent on it just as it closes fails ("other side
 * closed", ECONNRESET) and cannot be retried, since AddUserAssetIndex is not idempotent and the
 * call may have arrived. A shorter `Keep-Alive: timeout=N` hint from the server is honoured (less
 * one second); a longer one is not. 4 s is below the shortest common defaults (Node 5 s, Apache
 * 5 s; IIS 120 s, nginx 75 s).
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 4_000;

/**
 * Calls in flight to one target at most (INODE_UPSTREAM_MAX_SOCKETS); more wait in the pool's
 * queue for INODE_QUEUE_TIMEOUT_MS at most. Bodies are read before a connection is taken, so a
 * connection is busy only while the target works: 64 is far above what one internal SOAP service
 * usually serves at once, and low enough that the console never floods it.
 */
export const MAX_CONNECTIONS_PER_TARGET = 64;

/**
 * One keep-alive pool per target, so calls reuse their TCP (and TLS) connections, one call at a
 * time on each (no pipelining: a slow answer never holds up another caller's).
 * @example const pool = createTargetPool({ id: 'staging', label: 'staging', kind: 'remote', url: 'http://10.0.0.5:8080' });
 */
export function createTargetPool(
  target: RemoteTarget,
  idleTimeoutMs = IDLE_CONNECTION_TIMEOUT_MS,
  maxConnections = MAX_CONNECTIONS_PER_TARGET,
): Pool {
  return new Pool(new URL(target.url).origin, {
    connections: maxConnections,
    pipelining: 1,
    keepAliveTimeout: idleTimeoutMs,
    keepAliveMaxTimeout: idleTimeoutMs,
    keepAliveTimeoutThreshold: 1_000,
  });
}
