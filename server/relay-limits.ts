// What one relay (relay.ts) lets its clients hold, so that no client, however many sockets it
// opens or however slowly it reads, can make the console server's memory grow without bound:
// sockets (all together and per client address), answer size, the bytes queued for a page that
// does not read, and how long a page may stay silent. Set by INODE_RELAY_* (server/settings.ts).
import type { WebSocket } from 'ws';
import { frameSender } from '../src/relay/frame-batch.ts';

export interface RelayLimits {
  /** Relay sockets open at once, all clients together; one more is closed with 4001. */
  readonly maxSockets: number;
  /** Relay sockets open at once from one client address; one more is closed with 4002. */
  readonly maxSocketsPerAddress: number;
  /** An answer larger than this fails that call (the target connection is closed). */
  readonly maxAnswerBytes: number;
  /** Above this many bytes queued for a page, its socket is not read (no new calls start). */
  readonly highWaterBytes: number;
  /** A page that answers no ping and reads nothing for this long is closed with 4003. */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxSockets: 1024,
  maxSocketsPerAddress: 64,
  maxAnswerBytes: 16 * 1024 * 1024,
  highWaterBytes: 4 * 1024 * 1024,
  idleTimeoutMs: 60_000,
};

/** Counts sockets by client address; admits one unless a cap is reached. */
export interface SocketAdmission {
  /** Null when admitted (and counted), else which cap refused it. */
  admit(address: string): 'server' | 'address' | null;
  release(address: string): void;
}

/** @example const admission = socketAdmission(DEFAULT_RELAY_LIMITS); admission.admit('10.0.0.1') */
export function socketAdmission(limits: RelayLimits): SocketAdmission {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    admit(address) {
      if (total >= limits.maxSockets) return 'server';
      const held = byAddress.get(address) ?? 0;
      if (held >= limits.maxSocketsPerAddress) return 'address';
      byAddress.set(address, held + 1);
      total += 1;
      return null;
    },
    release(address) {
      const held = byAddress.get(address) ?? 0;
      if (held <= 1) byAddress.delete(address);
      else byAddress.set(address, held - 1);
      total = Math.max(0, total - 1);
    },
  };
}

/** One socket's flow control and liveness: what relay.ts calls on each event. */
export interface SocketFlow {
  /**
   * Sends a frame with the others of this turn (one message, frame-batch.ts); stops reading the
   * socket while too much is queued for the page.
   */
  send(frame: Uint8Array): void;
  /** Sends the frames queued in this turn now (before the socket is closed). */
  flush(): void;
  /** The page showed a sign of life (a message or a pong). */
  alive(): void;
  /** Called by the relay's heartbeat: false once the page was silent for the idle timeout. */
  stillAlive(now: number): boolean;
}

/**
 * Back-pressure through `bufferedAmount`: a send that leaves more than `highWaterBytes` queued
 * pauses reading (the page's next calls wait in its own socket, not in this process); reading
 * resumes once the queue has drained to half. A write reaching the network counts as life.
 * @example const flow = socketFlow(ws, limits); flow.send(encodeFrame(head, body));
 */
export function socketFlow(ws: WebSocket, limits: RelayLimits): SocketFlow {
  let lastAlive = Date.now();
  let paused = false;
  const written = (): void => {
    lastAlive = Date.now();
    if (paused && ws.bufferedAmount <= limits.highWaterBytes / 2) {
      paused = false;
      ws.resume();
    }
  };
  const sender = frameSender((message) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(message, written);
    if (!paused && ws.bufferedAmount > limits.highWaterBytes) {
      paused = true;
      ws.pause();
    }
  }, setImmediate);
  return {
    send(frame) {
      if (ws.readyState === ws.OPEN) sender.send(frame);
    },
    flush: sender.flush,
    alive() {
      lastAlive = Date.now();
    },
    stillAlive(now) {
      return now - lastAlive < limits.idleTimeoutMs;
    },
  };
}
