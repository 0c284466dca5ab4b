// The proxy's connections to one target: kept alive and reused (most of the proxy's speed), a
// bounded pool, and idle connections closed before the target would close them.
import http from 'node:http';
import https from 'node:https';
import type { RemoteTarget } from './targets.ts';

/**
 * How long an idle connection waits for its next call. A server closes an idle connection
 * after its own keep-alive timeout; a call sent on it just as it closes fails ("socket hang
 * up", ECONNRESET) and cannot be retried, since AddUserAssetIndex is not idempotent and the
 * call may have arrived. Node 20's agent keeps idle sockets for ever unless given a timeout, and
 * only then honours a shorter `Keep-Alive: timeout=N` hint from the server (less one second).
 * 4 s is below the shortest common defaults (Node 5 s, Apache 5 s; IIS 120 s, nginx 75 s).
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 4_000;

/**
 * Calls in flight to one target at most (INODE_UPSTREAM_MAX_SOCKETS); more wait in the agent's
 * queue for INODE_QUEUE_TIMEOUT_MS at most. Bodies are read before a connection is taken, so a
 * connection is busy only while the target works: 64 is far above what one internal SOAP service
 * usually serves at once, and low enough that the console never floods it.
 */
export const MAX_CONNECTIONS_PER_TARGET = 64;

/**
 * One keep-alive agent per target, so calls reuse their TCP (and TLS) connections. A call's own
 * timeout (the proxy's upstream timeout) replaces the idle timeout while the call is in flight.
 * @example const agent = createTargetAgent({ id: 'staging', label: 'staging', kind: 'remote', url: 'http://10.0.0.5:8080' });
 */
export function createTargetAgent(
  target: RemoteTarget,
  idleTimeoutMs = IDLE_CONNECTION_TIMEOUT_MS,
  maxSockets = MAX_CONNECTIONS_PER_TARGET,
): http.Agent {
  const options = {
    keepAlive: true,
    timeout: idleTimeoutMs,
    maxSockets,
    maxFreeSockets: 64,
    scheduling: 'lifo' as const,
  };
  return target.url.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
}
