import { CSEQ, header, param, type SipMessage, type SipRequest, type SipResponse } from './message.ts';
import { peerKey, type Peer, type SipTransport } from './transport.ts';

/** RFC 3261 §17 timer values. */
export interface Timers {
  t1: number;
  t2: number;
}
export const DEFAULT_TIMERS: Timers = { t1: 500, t2: 4000 };

/**
 * Retransmits `send` over UDP at T1, 2·T1, … capped at T2 (timers A/E/G) until `stop()`; after 64·T1
 * (timers B/F/H) it gives up and calls `expire`. Over TCP nothing is retransmitted, only the deadline runs.
 */
export function retransmit(peer: Peer, timers: Timers, send: () => void, expire: () => void): () => void {
  let interval = timers.t1;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    timer = setTimeout(() => {
      send();
      interval = Math.min(interval * 2, timers.t2);
      schedule();
    }, interval);
  };
  if (peer.transport === 'udp') schedule();
  const deadline = setTimeout(() => {
    if (timer) clearTimeout(timer);
    expire();
  }, 64 * timers.t1);
  return () => {
    if (timer) clearTimeout(timer);
    clearTimeout(deadline);
  };
}

interface ServerTxn {
  last: SipResponse | null;
  stop: (() => void) | null;
  expires: NodeJS.Timeout | null;
}

interface ClientTxn {
  stop: () => void;
  onResponse: (r: SipResponse) => void;
}

/**
 * Server transactions answer retransmitted requests with their last response (and absorb them
 * before one exists); a non-2xx final answer to an INVITE is retransmitted until its ACK. Client
 * transactions retransmit requests until a response arrives and time out after 64·T1 (a 408).
 */
export class Transactions {
  private readonly server = new Map<string, ServerTxn>();
  private readonly client = new Map<string, ClientTxn>();

  constructor(
    private readonly transport: SipTransport,
    readonly timers: Timers,
  ) {}

  private static key(m: SipMessage, method: string, peer: Peer): string {
    return `${param(header(m, 'via'), 'branch') ?? ''}|${method}|${peerKey(peer)}`;
  }

  /** True when `req` is a retransmission (answered again here); otherwise a new transaction starts. */
  absorb(req: SipRequest, peer: Peer): boolean {
    const key = Transactions.key(req, req.method, peer);
    const txn = this.server.get(key);
    if (txn) {
      if (txn.last) this.transport.send(txn.last, peer);
      return true;
    }
    this.server.set(key, { last: null, stop: null, expires: null });
    return false;
  }

  /** Sends a response within the request's transaction. */
  respond(req: SipRequest, res: SipResponse, peer: Peer): void {
    const key = Transactions.key(req, req.method, peer);
    const txn = this.server.get(key) ?? { last: null, stop: null, expires: null };
    this.server.set(key, txn);
    txn.last = res;
    this.transport.send(res, peer);
    if (res.status < 200) return;
    const forget = () => {
      txn.stop?.();
      this.server.delete(key);
    };
    if (req.method === 'INVITE' && res.status >= 300) {
      // Timer G until the ACK, timer H to give up.
      txn.stop = retransmit(peer, this.timers, () => this.transport.send(res, peer), forget);
    } else {
      // Timer J (non-INVITE) / the 2xx is the dialog's to retransmit: keep answering copies for 64·T1.
      txn.expires = setTimeout(forget, peer.transport === 'udp' ? 64 * this.timers.t1 : 0);
    }
  }

  /** The ACK of a non-2xx final answer ends that INVITE transaction's retransmissions; true when it matched one. */
  acked(ack: SipRequest, peer: Peer): boolean {
    const key = Transactions.key(ack, 'INVITE', peer);
    const txn = this.server.get(key);
    if (!txn?.last || txn.last.status < 300) return false;
    txn.stop?.();
    txn.expires = setTimeout(() => this.server.delete(key), peer.transport === 'udp' ? 5000 : 0);
    return true;
  }

  /** The INVITE transaction a CANCEL names (same branch), if it has no final answer yet. */
  pendingInvite(cancel: SipRequest, peer: Peer): boolean {
    const txn = this.server.get(Transactions.key(cancel, 'INVITE', peer));
    return !!txn && (!txn.last || txn.last.status < 200);
  }

  /**
   * Sends a request and calls `onResponse` for every response (provisional and final; a final ends
   * the transaction). Without a final answer in 64·T1 the answer is a local 408.
   */
  request(req: SipRequest, peer: Peer, onResponse: (r: SipResponse) => void): void {
    const branch = param(header(req, 'via'), 'branch') ?? '';
    const key = `${branch}|${req.method}`;
    const stop = retransmit(
      peer,
      this.timers,
      () => this.transport.send(req, peer),
      () => {
        this.client.delete(key);
        onResponse({ kind: 'response', status: 408, reason: 'Request Timeout', headers: new Map(), body: '' });
      },
    );
    this.client.set(key, {
      stop,
      onResponse: (r) => {
        if (r.status >= 100) stop();
        if (r.status >= 200) this.client.delete(key);
        onResponse(r);
      },
    });
    this.transport.send(req, peer);
  }

  /** A response arrived: its client transaction hears it; false when none matches (a 2xx retransmission). */
  response(res: SipResponse): boolean {
    const branch = param(header(res, 'via'), 'branch') ?? '';
    const txn = this.client.get(`${branch}|${CSEQ(res).method}`);
    if (!txn) return false;
    txn.onResponse(res);
    return true;
  }

  close(): void {
    for (const t of this.server.values()) {
      t.stop?.();
      if (t.expires) clearTimeout(t.expires);
    }
    for (const t of this.client.values()) t.stop();
    this.server.clear();
    this.client.clear();
  }
}
