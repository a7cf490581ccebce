import type dgram from 'node:dgram';
import type { Logger } from 'pino';
import type { MediaConnection } from '../providers/carrier/index.ts';
import { DigestServer } from './digest.ts';
import { CSEQ, header, newBranch, param, randomToken, REASONS, request, responseTo, type SipRequest, type SipResponse } from './message.ts';
import { MediaPipe } from './pipe.ts';
import { PortPool, RtpStream } from './rtp.ts';
import { parseSdp, type SdpOffer } from './sdp.ts';
import { DEFAULT_TIMERS, Transactions, type Timers } from './transactions.ts';
import { SipTransport, type Peer } from './transport.ts';
import { Registrar, type RegistrarStore } from './registrar.ts';
import { serverRefer } from './refer.ts';
import { serverCancel, serverInvite, serverReInvite } from './uas.ts';
import { clientInvite, type UacInvite } from './uac.ts';

export interface SipSettings {
  host: string;
  port: number;
  /** The address written in Via, Contact and SDP (what peers reach us at). */
  publicAddress: string;
  rtpMin: number;
  rtpMax: number;
  realm: string;
  /** How long an inbound call rings (180) before it is answered. */
  ringMs: number;
  timers?: Timers;
}

export interface IncomingCall {
  sipCallId: string;
  /** The caller (user part of From) and the dialled number (user of the Request-URI, else of To). */
  from: string;
  to: string;
  source: Peer;
}

/** What the product decides about calls: admission, the media served, and the ends of calls it placed. */
export interface SipHandler extends RegistrarStore {
  admit(call: IncomingCall): Promise<{ refuse: number; reason: string } | { callId: string; ticket: string }>;
  cancelled(callId: string): void;
  serve(conn: MediaConnection): void;
  /** A call we placed did not connect. */
  failed(callId: string, status: 'failed' | 'no-answer', reason: string): void;
}

export interface OutboundDial {
  callId: string;
  ticket: string;
  from: string;
  to: string;
  gateway: Peer;
  credentials?: { username: string; password: string } | null;
}

export interface Dialog {
  sipCallId: string;
  callId: string;
  peer: Peer;
  localTag: string;
  remoteTag: string;
  local: string;
  remote: string;
  remoteTarget: string;
  localSeq: number;
  rtp: RtpStream | null;
  pipe: MediaPipe | null;
  ok: SipResponse | null;
  stopOk: (() => void) | null;
  ended: boolean;
}

export interface SipStats {
  calls: number;
  rtpIn: number;
  rtpOut: number;
}

/**
 * The product's SIP user agent (RFC 3261): INVITE, ACK, BYE, CANCEL, OPTIONS, REGISTER (registrar and
 * client), REFER (RFC 3515), each call's audio over RTP into a Media Streams connection. Calls to us are
 * answered in uas.ts, calls we place in uac.ts, REFER in refer.ts, REGISTER in registrar.ts; the dialogs
 * and their media live here.
 */
export class SipEndpoint {
  readonly transport: SipTransport;
  readonly txns: Transactions;
  readonly digest: DigestServer;
  readonly registrar: Registrar;
  private readonly rtpPorts: PortPool;
  readonly dialogs = new Map<string, Dialog>();
  /** When set (npm run bench sip), the gap before each RTP packet sent, in ms. */
  pacing: number[] | null = null;
  /** RTP packets of ended calls (the live ones are added on read). */
  private readonly done = { calls: 0, rtpIn: 0, rtpOut: 0 };

  constructor(
    readonly settings: SipSettings,
    readonly handler: SipHandler,
    private readonly log: Logger,
  ) {
    this.transport = new SipTransport(
      (m, from) => (m.kind === 'request' ? this.onRequest(m, from) : this.onResponse(m)),
      (err, what) => log.warn({ err }, `sip: ${what}`),
      (err, what) => log.debug({ err }, `sip: ${what}`),
    );
    this.txns = new Transactions(this.transport, settings.timers ?? DEFAULT_TIMERS);
    this.digest = new DigestServer(settings.realm);
    this.registrar = new Registrar(this, handler);
    this.rtpPorts = new PortPool(settings.rtpMin, settings.rtpMax);
  }

  async start(): Promise<number> {
    return this.transport.listen(this.settings.host, this.settings.port);
  }

  async stop(): Promise<void> {
    for (const d of this.dialogs.values()) this.endDialog(d, true);
    this.txns.close();
    this.registrar.close();
    await this.transport.close();
  }

  stats(): SipStats {
    const s = { ...this.done };
    for (const d of this.dialogs.values()) {
      s.rtpIn += d.rtp?.packetsIn ?? 0;
      s.rtpOut += d.rtp?.packetsOut ?? 0;
    }
    return s;
  }

  get address(): string {
    return `${this.settings.publicAddress}:${this.transport.port}`;
  }

  via(peer: Peer): string {
    return `SIP/2.0/${peer.transport.toUpperCase()} ${this.address};branch=${newBranch()};rport`;
  }

  contact(peer: Peer): string {
    return `<sip:switchboard@${this.address};transport=${peer.transport}>`;
  }

  reply(req: SipRequest, peer: Peer, status: number, extra: Record<string, string> = {}, body = '', toTag?: string): SipResponse {
    const res = responseTo(req, status, REASONS[status] ?? 'Unknown', toTag ?? (status > 100 ? randomToken() : undefined));
    for (const [k, v] of Object.entries(extra)) res.headers.set(k, [v]);
    res.body = body;
    this.txns.respond(req, res, peer);
    return res;
  }

  private onResponse(res: SipResponse): void {
    if (this.txns.response(res)) return;
    // A retransmitted 2xx to our INVITE: ACK it again.
    const d = this.dialogs.get(header(res, 'call-id') ?? '');
    if (d && res.status >= 200 && res.status < 300 && CSEQ(res).method === 'INVITE') this.sendAck(d, CSEQ(res).seq);
  }

  private onRequest(req: SipRequest, peer: Peer): void {
    if (req.method === 'ACK') return this.onAck(req, peer);
    if (this.txns.absorb(req, peer)) return;
    const run = async () => {
      switch (req.method) {
        case 'INVITE':
          return param(header(req, 'to'), 'tag') ? serverReInvite(this, req, peer) : serverInvite(this, req, peer);
        case 'CANCEL':
          return serverCancel(this, req, peer);
        case 'BYE':
          return this.onBye(req, peer);
        case 'OPTIONS':
          return void this.reply(req, peer, 200, { allow: ALLOW, accept: 'application/sdp' });
        case 'REGISTER':
          return this.registrar.onRegister(req, peer);
        case 'REFER':
          return serverRefer(this, req, peer);
        case 'NOTIFY':
          return void this.reply(req, peer, 200);
        default:
          return void this.reply(req, peer, 405, { allow: ALLOW });
      }
    };
    run().catch((err) => {
      this.log.error({ err, method: req.method }, 'sip: request failed');
      this.reply(req, peer, 500);
    });
  }

  private onAck(ack: SipRequest, peer: Peer): void {
    if (this.txns.acked(ack, peer)) return;
    const d = this.dialogs.get(header(ack, 'call-id') ?? '');
    if (d?.stopOk) {
      d.stopOk();
      d.stopOk = null;
    }
  }

  async openMedia(d: Dialog, remote: SdpOffer, ticket: string): Promise<void> {
    this.attach(d, await this.rtpPorts.bind(this.settings.host), remote, ticket);
  }

  /** The call's RTP socket joins a Media Streams connection served by the product. */
  private attach(d: Dialog, rtp: { socket: dgram.Socket; port: number }, remote: SdpOffer, ticket: string): void {
    const codec = remote.codecs[0] ?? { pt: 0, name: 'PCMU' as const };
    // After a transfer another dialog holds this pipe and stream: hang-ups go to whichever holds it.
    const pipe: MediaPipe = new MediaPipe(d.callId, ticket, {
      audio: (f) => stream.send(f),
      hangUp: () => {
        const owner = [...this.dialogs.values()].find((x) => x.pipe === pipe);
        if (owner) this.endDialog(owner, true);
      },
    });
    d.pipe = pipe;
    const stream: RtpStream = new RtpStream(
      rtp.socket,
      rtp.port,
      { address: remote.address, port: remote.port },
      codec,
      remote.dtmfPt,
      {
        frame: (f) => pipe.audio(f),
        dtmf: (digit) => pipe.dtmf(digit),
        sent: (gap) => this.pacing?.push(gap),
      },
      () => this.rtpPorts.release(rtp.port),
    );
    d.rtp = stream;
    this.handler.serve(pipe.connection());
  }

  private onBye(req: SipRequest, peer: Peer): void {
    const d = this.dialogs.get(header(req, 'call-id') ?? '');
    if (!d) return void this.reply(req, peer, 481);
    this.reply(req, peer, 200, {}, '', d.localTag);
    this.endDialog(d, false);
  }

  /** Ends a call: `sendBye` when we hang up (the far end's BYE needs no answer beyond its 200). */
  endDialog(d: Dialog, sendBye: boolean): void {
    if (d.ended) return;
    d.ended = true;
    d.stopOk?.();
    this.dialogs.delete(d.sipCallId);
    if (d.rtp) {
      this.done.rtpIn += d.rtp.packetsIn;
      this.done.rtpOut += d.rtp.packetsOut;
      d.rtp.close();
    }
    this.done.calls++;
    d.pipe?.end(false);
    if (sendBye) this.txns.request(this.inDialog(d, 'BYE'), d.peer, () => {});
  }

  /** A request within the dialog (§12.2.1.1). */
  inDialog(d: Dialog, method: string, extra: Record<string, string> = {}, body = ''): SipRequest {
    d.localSeq++;
    return request(
      method,
      d.remoteTarget,
      {
        via: this.via(d.peer),
        'max-forwards': '70',
        from: d.local,
        to: d.remote,
        'call-id': d.sipCallId,
        cseq: `${d.localSeq} ${method}`,
        contact: this.contact(d.peer),
        ...extra,
      },
      body,
    );
  }

  sendAck(d: Dialog, seq: number): void {
    const ack = this.inDialog(d, 'ACK');
    d.localSeq--;
    ack.headers.set('cseq', [`${seq} ACK`]);
    this.transport.send(ack, d.peer);
  }

  /** Places a call through a gateway; the media joins the call session once answered. */
  async dial(o: OutboundDial): Promise<void> {
    const rtp = await this.rtpPorts.bind(this.settings.host);
    let settled = false;
    this.invite({ ...o }, rtp.port, (res, leg) => {
      if (res.status < 200 || settled) return;
      settled = true;
      const answer = leg ? parseSdp(res.body) : null;
      if (!leg || !answer) {
        rtp.socket.close();
        this.rtpPorts.release(rtp.port);
        if (leg) return this.endDialog(leg, true);
        const noAnswer = [408, 480, 486, 487, 603].includes(res.status);
        return this.handler.failed(o.callId, noAnswer ? 'no-answer' : 'failed', `SIP ${res.status} ${res.reason}`);
      }
      leg.callId = o.callId;
      this.attach(leg, rtp, answer, o.ticket);
      leg.pipe!.start();
    });
  }

  /** A client INVITE transaction (uac.ts). */
  private invite(o: UacInvite, rtpPort: number, done: (res: SipResponse, leg: Dialog | null) => void): void {
    clientInvite(this, o, rtpPort, done);
  }
}

export const ALLOW = 'INVITE, ACK, BYE, CANCEL, OPTIONS, REGISTER, REFER, NOTIFY';
