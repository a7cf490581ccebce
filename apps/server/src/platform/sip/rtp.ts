import crypto from 'node:crypto';
import dgram from 'node:dgram';
import alawmulaw from 'alawmulaw';
import type { Codec } from './sdp.ts';

const { alaw, mulaw } = alawmulaw;
const FRAME_BYTES = 160;
const DTMF_EVENTS = '0123456789*#ABCD';
const FRAME_MS = 20;
/** No audio for this long: silence frames stand in until it resumes. */
const GAP_MS = 100;
/** μ-law silence. */
const SILENCE = Buffer.alloc(FRAME_BYTES, 0xff);

/** Even ports of the RTP range handed out one per call (RTCP's odd neighbour is left free). */
export class PortPool {
  private readonly used = new Set<number>();
  private next: number;
  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    this.next = min + (min % 2);
  }
  /** Binds a UDP socket on a free even port of the range (tries each port once). */
  async bind(host: string): Promise<{ socket: dgram.Socket; port: number }> {
    const span = Math.floor((this.max - this.min) / 2) + 1;
    for (let i = 0; i < span; i++) {
      const port = this.next;
      this.next = this.next + 2 > this.max ? this.min + (this.min % 2) : this.next + 2;
      if (this.used.has(port)) continue;
      const socket = dgram.createSocket('udp4');
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.bind(port, host, () => resolve(true));
      });
      if (ok) {
        this.used.add(port);
        return { socket, port };
      }
      socket.close();
    }
    throw new Error(`no free RTP port in ${this.min}-${this.max}`);
  }
  release(port: number): void {
    this.used.delete(port);
  }
  get inUse(): number {
    return this.used.size;
  }
}

/**
 * One call's RTP stream: G.711 (PCMU or PCMA) in, cut into 20 ms μ-law frames for the call session;
 * μ-law frames out, sent as they come (the session paces them) with our sequence, timestamp and SSRC.
 * Symmetric RTP: once a packet arrives we answer to the address it came from (NAT), not the SDP's.
 * RFC 4733 telephone-events become one digit per event (retransmitted end packets are ignored).
 */
export class RtpStream {
  packetsIn = 0;
  packetsOut = 0;
  private seq = crypto.randomInt(0, 0xffff);
  private ts = crypto.randomInt(0, 0x7fffffff);
  private readonly ssrc = crypto.randomInt(1, 0x7fffffff);
  private pending: Buffer = Buffer.alloc(0);
  private lastEventTs = -1;
  private first = true;
  private closed = false;
  private lastAudioAt = Date.now();
  private lastSentAt = 0;
  private readonly filler: NodeJS.Timeout;

  constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
    private remote: { address: string; port: number },
    private readonly codec: { pt: number; name: Codec },
    private readonly dtmfPt: number | null,
    private readonly on: { frame(mulawFrame: Buffer): void; dtmf(digit: string): void; sent?(gapMs: number): void },
    private readonly release: () => void,
  ) {
    socket.on('message', (msg, rinfo) => this.receive(msg, rinfo));
    // Senders with silence suppression (and a caller who stopped sending) leave gaps: they are heard as
    // silence, frame by frame, so the session's turn-taking (counted in frames) goes on.
    this.filler = setInterval(() => {
      if (Date.now() - this.lastAudioAt >= GAP_MS) this.on.frame(SILENCE);
    }, FRAME_MS);
    this.filler.unref();
  }

  /** Another SDP (re-INVITE, transfer): send there from now on. */
  retarget(remote: { address: string; port: number }): void {
    this.remote = remote;
  }

  private receive(msg: Buffer, rinfo: dgram.RemoteInfo): void {
    if (msg.length < 12 || msg[0]! >> 6 !== 2) return;
    const cc = msg[0]! & 0x0f;
    let offset = 12 + cc * 4;
    if (msg[0]! & 0x10 && msg.length >= offset + 4) offset += 4 + msg.readUInt16BE(offset + 2) * 4;
    const pt = msg[1]! & 0x7f;
    const payload = msg.subarray(offset);
    this.packetsIn++;
    this.remote = { address: rinfo.address, port: rinfo.port };
    if (pt === this.dtmfPt) {
      const ts = msg.readUInt32BE(4);
      if (payload.length >= 4 && ts !== this.lastEventTs) {
        this.lastEventTs = ts;
        const digit = DTMF_EVENTS[payload[0]!];
        if (digit) this.on.dtmf(digit);
      }
      return;
    }
    let audio: Buffer;
    if (pt === 0) audio = payload;
    else if (pt === 8) audio = Buffer.from(mulaw.encode(alaw.decode(payload)));
    else return;
    this.lastAudioAt = Date.now();
    this.pending = this.pending.length ? Buffer.concat([this.pending, audio]) : audio;
    while (this.pending.length >= FRAME_BYTES) {
      this.on.frame(this.pending.subarray(0, FRAME_BYTES));
      this.pending = this.pending.subarray(FRAME_BYTES);
    }
  }

  /** Sends one 20 ms μ-law frame. */
  send(frame: Buffer): void {
    if (this.closed) return;
    const now = performance.now();
    if (this.lastSentAt && this.on.sent) this.on.sent(now - this.lastSentAt);
    this.lastSentAt = now;
    const payload = this.codec.name === 'PCMA' ? Buffer.from(alaw.encode(mulaw.decode(frame))) : frame;
    const head = Buffer.alloc(12);
    head[0] = 0x80;
    head[1] = (this.first ? 0x80 : 0) | this.codec.pt;
    head.writeUInt16BE(this.seq, 2);
    head.writeUInt32BE(this.ts >>> 0, 4);
    head.writeUInt32BE(this.ssrc, 8);
    this.first = false;
    this.seq = (this.seq + 1) & 0xffff;
    this.ts = (this.ts + frame.length) % 0x100000000;
    this.socket.send(Buffer.concat([head, payload]), this.remote.port, this.remote.address, (err) => {
      if (!err) this.packetsOut++;
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.filler);
    this.socket.close();
    this.release();
  }
}
