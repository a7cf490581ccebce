import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../../outbox/index.ts';
import {
  PLATFORM_SENDER,
  type CarrierListener,
  type CarrierProvider,
  type OutboundCall,
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

  /** Places a call through the Calls API: TwiML inline connects it to our media stream once answered. */
  async placeCall(call: OutboundCall): Promise<{ status: 'ringing' | 'failed' | 'no-answer'; error?: string }> {
    const form = new URLSearchParams({
      To: call.to,
      From: call.from,
      Twiml: streamTwiml(call.streamUrl, call.ticket),
      StatusCallback: `${this.config.publicUrl}/api/v1/calls/twilio/status?callId=${call.callId}`,
    });
    const auth = Buffer.from(`${this.config.TWILIO_ACCOUNT_SID}:${this.config.TWILIO_AUTH_TOKEN}`).toString('base64');
    try {
      const res = await fetch(`${this.base}/2010-04-01/Accounts/${this.config.TWILIO_ACCOUNT_SID}/Calls.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok || !body.sid)
        return {
          status: 'failed',
          error: `Twilio refused the call (${res.status}${body.code ? ` ${body.code}` : ''}): ${body.message ?? 'no detail'}`,
        };
      this.log.info({ to: call.to, sid: body.sid, callId: call.callId }, '[twilio] call placed');
      return { status: 'ringing' };
    } catch (err) {
      return { status: 'failed', error: `Twilio unreachable: ${(err as Error).message}` };
    }
  }

  async sendSms(m: SmsMessage): Promise<SmsSendResult> {
    const from = m.from ?? this.config.TWILIO_FROM_NUMBER ?? PLATFORM_SENDER;
    let sid: string | null = null;
    await sendThroughOutbox(this.db, { channel: 'sms', to: m.to, from, body: m.body, idempotencyKey: m.idempotencyKey }, async () => {
      const form = new URLSearchParams({
        To: m.to,
        From: from,
        Body: m.body,
        StatusCallback: `${this.config.publicUrl}/api/v1/carrier/twilio/status`,
      });
      const auth = Buffer.from(`${this.config.TWILIO_ACCOUNT_SID}:${this.config.TWILIO_AUTH_TOKEN}`).toString('base64');
      let res: Response;
      try {
        res = await fetch(`${this.base}/2010-04-01/Accounts/${this.config.TWILIO_ACCOUNT_SID}/Messages.json`, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new ProviderError('twilio', `Twilio unreachable: ${(err as Error).message}`, true);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok || !body.sid) {
        // 429 and 5xx are worth retrying; other 4xx (bad number, unverified sender) are not.
        const retryable = res.status === 429 || res.status >= 500;
        throw new ProviderError(
          'twilio',
          `Twilio refused the message (${res.status}${body.code ? ` ${body.code}` : ''}): ${body.message ?? 'no detail'}`,
          retryable,
        );
      }
      sid = body.sid;
      this.log.info({ to: m.to, sid }, '[twilio] SMS sent');
    });
    return { sid };
  }
}

/** TwiML that connects a call's audio to our media WebSocket, the call's ticket as a stream parameter. */
export function streamTwiml(streamUrl: string, ticket: string): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${esc(streamUrl)}"><Parameter name="ticket" value="${esc(ticket)}"/></Stream></Connect></Response>`;
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
