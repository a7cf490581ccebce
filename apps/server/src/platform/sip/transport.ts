import dgram from 'node:dgram';
import net from 'node:net';
import { parseMessage, serialize, type SipMessage } from './message.ts';

export interface Peer {
  transport: 'udp' | 'tcp';
  address: string;
  port: number;
}

export const peerKey = (p: Peer) => `${p.transport}:${p.address}:${p.port}`;

/** The largest message we accept (UDP datagrams and TCP messages alike). */
const MAX_MESSAGE = 64 * 1024;

/**
 * SIP over UDP and TCP on one port (RFC 3261 §18). TCP messages are framed by Content-Length; a
 * request that arrived over TCP is answered on its connection, and requests we send over TCP open (or
 * reuse) a connection to the peer.
 */
export class SipTransport {
  private udp: dgram.Socket | null = null;
  private tcp: net.Server | null = null;
  private readonly conns = new Map<string, net.Socket>();
  port = 0;

  constructor(
    private readonly onMessage: (m: SipMessage, from: Peer) => void,
    private readonly onError: (err: unknown, what: string) => void,
    /** Unparseable datagrams (scanners, garbage) are only worth a debug line. */
    private readonly onJunk: (err: unknown, what: string) => void = onError,
  ) {}

  async listen(host: string, port: number): Promise<number> {
    const udp = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, host, () => resolve());
    });
    udp.on('error', (err) => this.onError(err, 'udp'));
    udp.on('message', (buf, r) => this.deliver(buf.toString(), { transport: 'udp', address: r.address, port: r.port }));
    this.udp = udp;
    this.port = udp.address().port;
    const tcp = net.createServer((sock) => this.adopt(sock));
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(this.port, host, () => resolve());
    });
    tcp.on('error', (err) => this.onError(err, 'tcp'));
    this.tcp = tcp;
    return this.port;
  }

  private deliver(text: string, from: Peer): void {
    if (!text.trim()) return; // keep-alive CRLFs
    try {
      this.onMessage(parseMessage(text), from);
    } catch (err) {
      this.onJunk(err, `unreadable message from ${peerKey(from)}`);
    }
  }

  /** Reads framed messages off a connection (accepted, or opened by us to `known`). */
  private adopt(sock: net.Socket, known?: Peer): Peer {
    const peer: Peer = known ?? {
      transport: 'tcp',
      address: (sock.remoteAddress ?? '').replace(/^::ffff:/, ''),
      port: sock.remotePort ?? 0,
    };
    const key = peerKey(peer);
    this.conns.set(key, sock);
    let buf = Buffer.alloc(0);
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        while (buf.length >= 2 && buf[0] === 13 && buf[1] === 10) buf = buf.subarray(2);
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_MESSAGE) sock.destroy();
          break;
        }
        const len = Number(/\r\n(?:content-length|l)\s*:\s*(\d+)/i.exec(buf.subarray(0, end + 2).toString())?.[1] ?? 0);
        if (len > MAX_MESSAGE) return void sock.destroy();
        const total = end + 4 + len;
        if (buf.length < total) break;
        this.deliver(buf.subarray(0, total).toString(), peer);
        buf = buf.subarray(total);
      }
    });
    sock.on('error', (err) => known && this.onError(err, `tcp to ${key}`));
    sock.on('close', () => this.conns.delete(key));
    return peer;
  }

  send(m: SipMessage, to: Peer): void {
    const text = serialize(m);
    if (to.transport === 'udp') {
      this.udp?.send(text, to.port, to.address, (err) => err && this.onError(err, `send to ${peerKey(to)}`));
      return;
    }
    let sock = this.conns.get(peerKey(to));
    if (!sock || sock.destroyed) {
      sock = net.connect(to.port, to.address);
      this.adopt(sock, to);
    }
    sock.write(text);
  }

  async close(): Promise<void> {
    for (const s of this.conns.values()) s.destroy();
    await Promise.all([
      new Promise<void>((r) => (this.udp ? this.udp.close(() => r()) : r())),
      new Promise<void>((r) => (this.tcp ? this.tcp.close(() => r()) : r())),
    ]);
  }
}
