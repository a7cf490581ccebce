import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../../outbox/index.ts';
import {
  PLATFORM_SENDER,
  type CarrierListener,
  type CarrierProvider,
  type DeliveryStatus,
  type MediaConnection,
  type CallTransfer,
  type OutboundCall,
  type TransferLeg,
  type TransferResult,
  type SmsMessage,
  type SmsSendResult,
} from './index.ts';
import { SimulatedPhone } from './phone.ts';
import { poolOf } from './inventory.ts';
import { LocalNumberDesk } from './localNumbers.ts';
import type { AvailableNumber, InboundCall, NumberSearch } from './index.ts';

/** How long after a send its delivery receipt arrives. */
const RECEIPT_DELAY_MS = 20;

/** How long a simulated phone rings before it answers. */
const RING_MS = 30;
/** A simulated callee hangs up once the agent has been quiet this long. */
const QUIET_HANGUP_MS = 800;

/** Numbers that cannot receive texts or calls (rejected at send): North America's fictional 555-01xx. */
export const UNREACHABLE = /^\+1\d{3}55501\d{2}$/;
/** Numbers that accept the send but never receive it, and never answer calls (a phone switched off): 555-02xx. */
export const UNDELIVERABLE = /^\+1\d{3}55502\d{2}$/;

export interface CarrierRecord {
  sid: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  body: string;
  status: string;
  error: string | null;
  createdAt: number;
}

/**
 * The simulated carrier. It keeps its own ledger (carrier_messages), like a real carrier: every SMS it
 * sends, with a delivery receipt that follows the send (delivered, or undelivered for switched-off
 * numbers), and every SMS a phone sends to one of our numbers. Sends also land in the outbox, so
 * sign-in codes show at GET /api/dev/outbox.
 */
export class LocalCarrier implements CarrierProvider {
  readonly kind = 'local' as const;
  private listener: CarrierListener | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Print message texts (sign-in codes) to the log: only while the dev tools are on (DEV_TOOLS). */
    private readonly logTexts = true,
  ) {
    this.desk = new LocalNumberDesk(db);
  }

  listen(listener: CarrierListener): void {
    this.listener = listener;
  }

  private serveMedia: ((conn: MediaConnection) => void) | null = null;
  private readonly phones = new Map<string, SimulatedPhone>();

  acceptMedia(serve: (conn: MediaConnection) => void): void {
    this.serveMedia = serve;
  }

  /** Rings the number; a reachable simulated phone answers and joins the call's media stream, silent, hanging up when the agent is done. */
  async placeCall(call: OutboundCall): Promise<{ status: 'ringing' | 'failed' | 'no-answer'; error?: string }> {
    if (UNREACHABLE.test(call.to)) return { status: 'failed', error: `Number unreachable: ${call.to}` };
    if (UNDELIVERABLE.test(call.to)) return { status: 'no-answer' };
    const serve = this.serveMedia;
    if (!serve) return { status: 'failed', error: 'No media endpoint is listening.' };
    const phone = new SimulatedPhone(call.callId, call.ticket, QUIET_HANGUP_MS, () => this.phones.delete(call.callId));
    this.phones.set(call.callId, phone);
    this.later(RING_MS, () => {
      serve(phone.connection());
      phone.connect();
    });
    this.log.info({ callId: call.callId, to: call.to }, `[carrier] calling ${call.to}`);
    return { status: 'ringing' };
  }

  private readonly people = new Map<string, SimulatedPerson>();

  /**
   * A second simulated phone rings and, when reachable, answers: it is bridged into the call (it hears
   * the caller, and what it says goes to the caller). 555-01xx is unreachable, 555-02xx never answers.
   */
  async transferCall(t: CallTransfer): Promise<TransferResult> {
    if (UNREACHABLE.test(t.to)) return { status: 'failed', reason: `the number ${t.to} cannot be reached` };
    if (UNDELIVERABLE.test(t.to)) return { status: 'no-answer', reason: `nobody answered at ${t.to}` };
    await new Promise((r) => setTimeout(r, RING_MS));
    const person = new SimulatedPerson(t.to);
    this.people.set(t.callId, person);
    this.log.info({ callId: t.callId, to: t.to }, `[carrier] transfer answered at ${t.to}`);
    return { status: 'connected', leg: person };
  }

  /** The person a live call was transferred to (tests drive it). */
  transferee(callId: string): SimulatedPerson | undefined {
    return this.people.get(callId);
  }

  /** A simulated phone on a live call (tests and the dev tools drive it). */
  phone(callId: string): SimulatedPhone | undefined {
    return this.phones.get(callId);
  }

  private later(ms: number, fn: () => void | Promise<void>): Promise<void> {
    const p = new Promise<void>((resolve) => setTimeout(resolve, ms))
      .then(fn)
      .catch((err) => this.log.error({ err }, 'simulated carrier failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
    return p;
  }

  pool(country: string): string[] {
    return poolOf(country);
  }

  /** Sales, forwarding and the call ledger (kept in the database, so they survive a restart). */
  readonly desk: LocalNumberDesk;
  private callListener: ((call: InboundCall) => Promise<void>) | null = null;

  listenCalls(fn: (call: InboundCall) => Promise<void>): void {
    this.callListener = fn;
  }

  searchNumbers(q: NumberSearch): Promise<AvailableNumber[]> {
    return this.desk.search(q);
  }

  buyNumber(p: { number: string; voiceUrl: string; smsUrl: string }): Promise<{ sid: string }> {
    return this.desk.buy(p.number, 'switchboard', p);
  }

  releaseNumber(p: { number: string }): Promise<void> {
    return this.desk.release(p.number, 'switchboard');
  }

  /** A call that speaks its text to whoever answers (recorded in the call ledger with what was said). */
  async speak(p: { from: string; to: string; text: string }) {
    const status = UNREACHABLE.test(p.to)
      ? ('failed' as const)
      : UNDELIVERABLE.test(p.to)
        ? ('no-answer' as const)
        : ('completed' as const);
    await this.desk.logCall({ from: p.from, to: p.to, kind: 'say', spoken: p.text, status });
    if (status === 'failed') return { status, error: `Number unreachable: ${p.to}` };
    this.log.info({ to: p.to }, this.logTexts ? `[carrier] call to ${p.to} says: ${p.text}` : `[carrier] spoken call to ${p.to}`);
    return { status };
  }

  /**
   * Rings a phone and lets it go unanswered: a phone forwarding always, or on no answer, passes the
   * call on to its target after the ring, keeping the caller's number, as a network does.
   */
  async testCall(p: { from: string; to: string }): Promise<{ status: 'ringing' | 'failed'; error?: string; ended?: Promise<void> }> {
    if (UNREACHABLE.test(p.to)) {
      await this.desk.logCall({ from: p.from, to: p.to, kind: 'test', status: 'failed' });
      return { status: 'failed', error: `Number unreachable: ${p.to}` };
    }
    const fwd = await this.desk.forwardingOf(p.to);
    const sid = await this.desk.logCall({
      from: p.from,
      to: p.to,
      kind: 'test',
      forwardedTo: fwd?.target ?? null,
      status: fwd ? 'forwarded' : 'no-answer',
    });
    // The forwarded call reaches us only when the target is one of the numbers the carrier sold us.
    const listener = fwd && (await this.desk.status(fwd.target))?.owner === 'switchboard' ? this.callListener : null;
    const ended = this.later(RING_MS, async () => {
      if (fwd && listener)
        await listener({ sid, from: p.from, to: fwd.target, forwardedFrom: p.to }).catch((err) =>
          this.log.warn({ err }, 'forwarded call refused'),
        );
    });
    return { status: 'ringing', ended };
  }

  async sendSms(m: SmsMessage): Promise<SmsSendResult> {
    const from = m.from ?? PLATFORM_SENDER;
    // The carrier's id follows from the key, so a retried send that already went out names it too.
    const sid = `SM${crypto.createHash('sha256').update(m.idempotencyKey).digest('hex').slice(0, 32)}`;
    let sent = false;
    await sendThroughOutbox(this.db, { channel: 'sms', to: m.to, from, body: m.body, idempotencyKey: m.idempotencyKey }, async () => {
      if (UNREACHABLE.test(m.to)) throw new ProviderError('carrier', `Number unreachable: ${m.to}`);
      sent = true;
      const now = Date.now();
      await this.db
        .insertInto('carrier_messages')
        .values({
          sid,
          direction: 'outbound',
          from_number: from,
          to_number: m.to,
          body: m.body,
          status: 'sent',
          error: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('sid').doNothing())
        .execute();
      this.log.info({ outbox: 'sms', to: m.to }, this.logTexts ? `[carrier] SMS to ${m.to}: ${m.body}` : `[carrier] SMS to ${m.to}`);
    });
    if (sent) this.receipt(sid, m.to);
    return { sid };
  }

  /** The receipt arrives after the send returns, as a carrier's status callback would. */
  private receipt(sid: string, to: string): void {
    const status: DeliveryStatus = UNDELIVERABLE.test(to)
      ? { sid, status: 'undelivered', error: 'The handset did not acknowledge the message.' }
      : { sid, status: 'delivered' };
    const p = new Promise<void>((resolve) => setTimeout(resolve, RECEIPT_DELAY_MS))
      .then(async () => {
        await this.db
          .updateTable('carrier_messages')
          .set({ status: status.status, error: status.error ?? null, updated_at: Date.now() })
          .where('sid', '=', sid)
          .execute();
        await this.listener?.onStatus(status);
      })
      .catch((err) => this.log.error({ err, sid }, 'delivery receipt failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for receipts in flight (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** A phone texts one of our numbers. */
  async receive(sms: { from: string; to: string; body: string }): Promise<CarrierRecord> {
    const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
    const now = Date.now();
    await this.db
      .insertInto('carrier_messages')
      .values({
        sid,
        direction: 'inbound',
        from_number: sms.from,
        to_number: sms.to,
        body: sms.body,
        status: 'received',
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (!this.listener) throw new ProviderError('carrier', 'Nobody listens for inbound messages.');
    await this.listener.onInbound({ sid, from: sms.from, to: sms.to, body: sms.body });
    return { sid, direction: 'inbound', from: sms.from, to: sms.to, body: sms.body, status: 'received', error: null, createdAt: now };
  }

  async list(direction: 'inbound' | 'outbound', opts: { number?: string; limit?: number } = {}): Promise<CarrierRecord[]> {
    let q = this.db.selectFrom('carrier_messages').selectAll().where('direction', '=', direction);
    if (opts.number) q = q.where((eb) => eb.or([eb('to_number', '=', opts.number!), eb('from_number', '=', opts.number!)]));
    const rows = await q
      .orderBy('id', 'desc')
      .limit(opts.limit ?? 100)
      .execute();
    return rows.map((r) => ({
      sid: r.sid,
      direction: r.direction,
      from: r.from_number,
      to: r.to_number,
      body: r.body,
      status: r.status,
      error: r.error,
      createdAt: Number(r.created_at),
    }));
  }
}

/** The simulated person a call is transferred to: counts what they hear and can speak into the bridge. */
export class SimulatedPerson implements TransferLeg {
  heardFrames = 0;
  ended = false;
  private listener: ((frame: Buffer) => void) | null = null;
  constructor(readonly number: string) {}
  send(): void {
    if (!this.ended) this.heardFrames++;
  }
  onAudio(cb: (frame: Buffer) => void): void {
    this.listener = cb;
  }
  say(frames: Buffer[]): void {
    for (const f of frames) if (!this.ended) this.listener?.(f);
  }
  hangUp(): void {
    this.ended = true;
  }
}
