import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../db/index.ts';
import { sendThroughOutbox } from '../../outbox/index.ts';
import { ProviderError, providerJson, refusal, unreadable, type ProviderRequest } from '../failures.ts';
import {
  PLATFORM_SENDER,
  type CarrierListener,
  NumberUnavailableError,
  type AvailableNumber,
  type CarrierProvider,
  type CallTransfer,
  type NumberSearch,
  type OutboundCall,
  type TransferResult,
  type SmsMessage,
  type SmsSendResult,
} from './index.ts';

/**
 * Twilio: outbound SMS through the REST API (Messages.json, basic auth with the account SID and auth
 * token), inbound SMS and status callbacks as signed webhooks (X-Twilio-Signature). TWILIO_BASE_URL
 * points the adapter at a fake Twilio in tests.
 */
export class TwilioCarrier implements CarrierProvider {
  readonly kind = 'twilio' as const;
  private listener: CarrierListener | null = null;
  private readonly base: string;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly config: Config,
  ) {
    this.base = (config.TWILIO_BASE_URL ?? 'https://api.twilio.com').replace(/\/$/, '');
  }

  listen(listener: CarrierListener): void {
    this.listener = listener;
  }

  get handlers(): CarrierListener | null {
    return this.listener;
  }

  pool(): string[] {
    return [];
  }

  get authToken(): string {
    return this.config.TWILIO_AUTH_TOKEN!;
  }

  /**
   * One REST call: basic auth, form body, JSON answer, PROVIDER_TIMEOUT_MS. Statuses in `accept` come
   * back to the caller; other refusals, timeouts and unreadable answers are mapped (platform/providers/failures.ts).
   */
  private api(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    what: string,
    form?: Record<string, string>,
    o: { accept?: number[]; userField?: ProviderRequest['userField'] } = {},
  ) {
    const auth = Buffer.from(`${this.config.TWILIO_ACCOUNT_SID}:${this.config.TWILIO_AUTH_TOKEN}`).toString('base64');
    return providerJson<Record<string, unknown> & { message?: string; code?: number; sid?: string }>(
      `${this.base}/2010-04-01/Accounts/${this.config.TWILIO_ACCOUNT_SID}${path}`,
      {
        method,
        headers: { authorization: `Basic ${auth}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form ? new URLSearchParams(form) : undefined,
      },
      { provider: 'twilio', what, timeoutMs: this.config.PROVIDER_TIMEOUT_MS, accept: o.accept, userField: o.userField },
    );
  }

  /** AvailablePhoneNumbers/{country}/Local with AreaCode, Contains, InLocality, InRegion. */
  async searchNumbers(q: NumberSearch): Promise<AvailableNumber[]> {
    const params = new URLSearchParams({ PageSize: String(q.limit) });
    if (q.areaCode) params.set('AreaCode', q.areaCode);
    if (q.contains) params.set('Contains', q.contains);
    if (q.inLocality) params.set('InLocality', q.inLocality);
    if (q.inRegion) params.set('InRegion', q.inRegion);
    const country = q.country.toUpperCase();
    // 404: Twilio sells no numbers in that country, which is an empty result.
    const r = await this.api(
      'GET',
      `/AvailablePhoneNumbers/${encodeURIComponent(country)}/Local.json?${params}`,
      'the number search',
      undefined,
      {
        accept: [404],
      },
    );
    if (r.status === 404) return [];
    type Found = {
      phone_number: string;
      friendly_name?: string;
      locality?: string | null;
      region?: string | null;
      iso_country?: string;
      capabilities?: Record<string, boolean>;
    };
    return ((r.body.available_phone_numbers ?? []) as Found[]).map((n) => ({
      number: n.phone_number,
      friendlyName: n.friendly_name ?? n.phone_number,
      locality: n.locality || null,
      region: n.region || null,
      country: n.iso_country ?? country,
      capabilities: {
        voice: !!(n.capabilities?.voice ?? n.capabilities?.Voice),
        sms: !!(n.capabilities?.SMS ?? n.capabilities?.sms),
        mms: !!(n.capabilities?.MMS ?? n.capabilities?.mms),
      },
    }));
  }

  /** IncomingPhoneNumbers: buys the number with our voice and SMS webhooks; 21422 means someone else got it. */
  async buyNumber(p: { number: string; voiceUrl: string; smsUrl: string }): Promise<{ sid: string }> {
    const r = await this.api(
      'POST',
      '/IncomingPhoneNumbers.json',
      'the purchase',
      { PhoneNumber: p.number, VoiceUrl: p.voiceUrl, VoiceMethod: 'POST', SmsUrl: p.smsUrl, SmsMethod: 'POST' },
      { accept: [400] },
    );
    if (r.status === 400) {
      // 21422: not (or no longer) available, someone else got it since the search; 21421: not a valid phone number.
      if (r.body.code === 21422) throw new NumberUnavailableError(p.number, `${p.number} is no longer available.`);
      throw refusal(
        'twilio',
        'the purchase',
        { status: 400, body: r.body, vendorCode: r.body.code },
        r.body.code === 21421 ? { field: 'number' } : undefined,
      );
    }
    if (typeof r.body.sid !== 'string') throw unreadable('twilio', 'the purchase', 'no sid');
    return { sid: r.body.sid };
  }

  async releaseNumber(p: { sid: string | null; number: string }): Promise<void> {
    if (!p.sid) throw new ProviderError('twilio', `No Twilio sid is known for ${p.number}.`);
    // 404: Twilio no longer has it on the account, which is what a release wants.
    await this.api('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(p.sid)}.json`, 'the release', undefined, { accept: [404] });
  }

  private async callWithTwiml(from: string, to: string, twiml: string) {
    try {
      await this.api('POST', '/Calls.json', 'the call', { To: to, From: from, Twiml: twiml, Timeout: '25' });
      return { ok: true as const };
    } catch (err) {
      if (err instanceof ProviderError) return { ok: false as const, error: err.message };
      throw err;
    }
  }

  /** A call that reads the text twice (<Say>) and hangs up. */
  async speak(p: { from: string; to: string; text: string }) {
    const esc = p.text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const r = await this.callWithTwiml(p.from, p.to, `<Response><Say>${esc}</Say><Pause length="1"/><Say>${esc}</Say></Response>`);
    return r.ok ? { status: 'completed' as const } : { status: 'failed' as const, error: r.error };
  }

  /** Rings the phone; if it forwards, the call reaches the target with our caller id. */
  async testCall(p: { from: string; to: string }) {
    const r = await this.callWithTwiml(p.from, p.to, '<Response><Pause length="2"/><Hangup/></Response>');
    return r.ok ? { status: 'ringing' as const } : { status: 'failed' as const, error: r.error };
  }

  /** Places a call through the Calls API: TwiML inline connects it to our media stream once answered. */
  async placeCall(call: OutboundCall): Promise<{ status: 'ringing' | 'failed' | 'no-answer'; error?: string }> {
    const form = {
      To: call.to,
      From: call.from,
      Twiml: streamTwiml(call.streamUrl, call.ticket),
      StatusCallback: `${this.config.publicUrl}/api/v1/calls/twilio/status?callId=${call.callId}`,
    };
    try {
      const r = await this.api('POST', '/Calls.json', 'the call', form);
      if (typeof r.body.sid !== 'string') return { status: 'failed', error: unreadable('twilio', 'the call', 'no sid').message };
      this.log.info({ to: call.to, sid: r.body.sid, callId: call.callId }, '[twilio] call placed');
      return { status: 'ringing' };
    } catch (err) {
      if (err instanceof ProviderError) return { status: 'failed', error: err.message };
      throw err;
    }
  }

  /**
   * A transfer: the live call's TwiML is replaced by `<Dial>` (Calls API, update a call) and Twilio bridges
   * it. A warm transfer's brief is a whisper: `<Number url>` names TwiML that Twilio plays to the person
   * once they answer and before the caller is connected (our signed `/api/v1/calls/twilio/whisper`).
   */
  async transferCall(t: CallTransfer): Promise<TransferResult> {
    if (!t.carrierSid) return { status: 'failed', reason: 'the call has no Twilio call id' };
    const whisper = t.brief
      ? `${this.config.publicUrl}/api/v1/calls/twilio/whisper?${new URLSearchParams({ brief: t.brief.slice(0, WHISPER_MAX) })}`
      : null;
    const number = whisper ? `<Number url="${xmlEscape(whisper)}">${xmlEscape(t.to)}</Number>` : xmlEscape(t.to);
    const twiml = `<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="${xmlEscape(t.from)}">${number}</Dial></Response>`;
    try {
      await this.api('POST', `/Calls/${encodeURIComponent(t.carrierSid)}.json`, 'the transfer', { Twiml: twiml });
      this.log.info({ callId: t.callId, to: t.to }, '[twilio] call transferred');
      return { status: 'connected', leg: null };
    } catch (err) {
      // The model says the reason to the caller: short, the details are in the log.
      if (err instanceof ProviderError) {
        this.log.warn({ err, callId: t.callId }, '[twilio] transfer failed');
        const why = err.retryable ? 'Twilio could not be reached' : `the transfer was refused (${err.upstreamStatus ?? 'no status'})`;
        return { status: 'failed', reason: why };
      }
      throw err;
    }
  }

  async sendSms(m: SmsMessage): Promise<SmsSendResult> {
    const from = m.from ?? this.config.TWILIO_FROM_NUMBER ?? PLATFORM_SENDER;
    let sid: string | null = null;
    await sendThroughOutbox(this.db, { channel: 'sms', to: m.to, from, body: m.body, idempotencyKey: m.idempotencyKey }, async () => {
      const r = await this.api(
        'POST',
        '/Messages.json',
        'the message',
        { To: m.to, From: from, Body: m.body, StatusCallback: `${this.config.publicUrl}/api/v1/carrier/twilio/status` },
        // 21211: not a valid phone number; 21614: not a mobile number; 21610: the recipient opted out.
        {
          userField: (x) =>
            [21211, 21614, 21610].includes((x.body as { code?: number })?.code ?? 0) ? { field: 'to', code: 'rule_broken' } : undefined,
        },
      );
      if (typeof r.body.sid !== 'string') throw unreadable('twilio', 'the message', 'no sid');
      sid = r.body.sid;
      this.log.info({ to: m.to, sid }, '[twilio] SMS sent');
    });
    return { sid };
  }
}

/** The longest brief a warm transfer whispers (Twilio's <Say> takes up to 4,096 characters; the URL stays short). */
export const WHISPER_MAX = 1_000;

/** Text for a TwiML attribute or element. */
export const xmlEscape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** TwiML that connects a call's audio to our media WebSocket, the call's ticket as a stream parameter. */
export function streamTwiml(streamUrl: string, ticket: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${xmlEscape(streamUrl)}"><Parameter name="ticket" value="${xmlEscape(ticket)}"/></Stream></Connect></Response>`;
}

/** Twilio's request signature: HMAC-SHA1 over the full URL and the sorted POST parameters, base64. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
