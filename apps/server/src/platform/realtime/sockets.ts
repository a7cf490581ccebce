/**
 * Limits and liveness of WebSocket connections, shared by every socket route:
 * - at most `perToken` open connections per session token and `perAddress` per client address (the
 *   address Fastify resolved, so TRUST_PROXY decides whether a forwarded one counts); one more is closed
 *   at once with TOO_MANY_CONNECTIONS, which clients treat as "wait, then retry";
 * - a ping every `heartbeatMs`; a connection that has not answered the previous ping is terminated, so
 *   dead peers (a laptop closed, a dropped network) do not hold a slot or a hub subscription.
 */

/** Close code for a refused connection (4000-4999 are the application's; 4429 reads as HTTP 429). */
export const TOO_MANY_CONNECTIONS = 4429;

/** The part of a `ws` socket the guard uses. */
export interface GuardedSocket {
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

export interface SocketLimits {
  perToken: number;
  perAddress: number;
  heartbeatMs: number;
}

export class SocketGuard {
  private readonly byToken = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly alive = new Map<GuardedSocket, boolean>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly limits: SocketLimits) {
    this.timer = setInterval(() => this.beat(), limits.heartbeatMs);
    this.timer.unref();
  }

  /** Open connections (for tests and health). */
  get size(): number {
    return this.alive.size;
  }

  /**
   * Admits a socket, or closes it with TOO_MANY_CONNECTIONS and returns false. An admitted socket is
   * counted until it closes and is pinged from now on.
   */
  admit(socket: GuardedSocket, tokenKey: string, address: string): boolean {
    const tokens = this.byToken.get(tokenKey) ?? 0;
    const addresses = this.byAddress.get(address) ?? 0;
    if (tokens >= this.limits.perToken || addresses >= this.limits.perAddress) {
      socket.close(
        TOO_MANY_CONNECTIONS,
        tokens >= this.limits.perToken ? 'Too many connections for this session' : 'Too many connections from this address',
      );
      return false;
    }
    this.byToken.set(tokenKey, tokens + 1);
    this.byAddress.set(address, addresses + 1);
    this.alive.set(socket, true);
    socket.on('pong', () => {
      if (this.alive.has(socket)) this.alive.set(socket, true);
    });
    socket.on('close', () => {
      if (!this.alive.delete(socket)) return;
      decrement(this.byToken, tokenKey);
      decrement(this.byAddress, address);
    });
    return true;
  }

  private beat(): void {
    for (const [socket, answered] of this.alive) {
      if (!answered) {
        socket.terminate();
        continue;
      }
      this.alive.set(socket, false);
      try {
        socket.ping();
      } catch {
        socket.terminate();
      }
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const n = (map.get(key) ?? 1) - 1;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
}

/** The part of a `ws` socket `coalescedSender` uses (`_socket`: ws's own net.Socket underneath). */
interface SendingSocket {
  readonly readyState: number;
  send(text: string): void;
  _socket?: { cork(): void; uncork(): void };
}

/**
 * A send function for a socket that writes the frames of one turn of the event loop together: the
 * first send corks the TCP socket and the frames sent before the next tick (a message's
 * `message.created` and `conversation.updated`, or a burst of sends) leave in one write instead of a
 * system call each. Sends on a socket that is no longer open are dropped.
 */
export function coalescedSender(socket: SendingSocket): (text: string) => void {
  let corked = false;
  return (text) => {
    if (socket.readyState !== 1) return;
    const raw = socket._socket;
    if (raw && !corked) {
      corked = true;
      raw.cork();
      process.nextTick(() => {
        corked = false;
        raw.uncork();
      });
    }
    socket.send(text);
  };
}
