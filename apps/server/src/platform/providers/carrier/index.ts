import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../db/index.ts';
import { LocalCarrier } from './local.ts';
import { TwilioCarrier } from './twilio.ts';

export interface SmsMessage {
  to: string;
  body: string;
  /** The sending number; the platform's own sender when omitted. */
  from?: string;
  idempotencyKey: string;
}

export interface SmsSendResult {
  /** The carrier's id for the message (delivery receipts name it); null when this key already went out. */
  sid: string | null;
}

/** A delivery receipt: the carrier's later word on a sent message. */
export interface DeliveryStatus {
  sid: string;
  status: 'sent' | 'delivered' | 'undelivered' | 'failed';
  error?: string | null;
}

/** An SMS that arrived at one of our numbers. */
export interface InboundSms {
  sid: string;
  from: string;
  to: string;
  body: string;
  media?: string[];
}

export interface CarrierListener {
  onInbound(sms: InboundSms): Promise<void>;
  onStatus(status: DeliveryStatus): Promise<void>;
}

/** Telephony: numbers and SMS (calls join as their issue lands). */
export interface CarrierProvider {
  readonly kind: 'local' | 'twilio';
  sendSms(message: SmsMessage): Promise<SmsSendResult>;
  /** Who hears about inbound messages and receipts (the conversations service). */
  listen(listener: CarrierListener): void;
  /** Numbers the carrier can hand out (the simulated pool; empty for a real carrier here). */
  pool(country: string): string[];
  /** Dials a number; once answered, the call's audio flows over a Media Streams connection carrying `ticket`. */
  placeCall?(call: OutboundCall): Promise<{ status: 'ringing' | 'failed' | 'no-answer'; error?: string }>;
  /** Who serves the media of calls the carrier connects in-process (the simulated carrier). */
  acceptMedia?(serve: (conn: MediaConnection) => void): void;
}

/**
 * A text-message connection speaking the Twilio Media Streams protocol: a WebSocket from Twilio or a
 * browser, or the simulated carrier's in-process pipe. The calls module serves it.
 */
export interface MediaConnection {
  send(text: string): void;
  close(): void;
  onMessage(cb: (text: string) => void): void;
  onClose(cb: () => void): void;
}

export interface OutboundCall {
  callId: string;
  from: string;
  to: string;
  /** Passed back in the stream's `start.customParameters.ticket`. */
  ticket: string;
  streamUrl: string;
}

export const PLATFORM_SENDER = '+15005550006';

export function createCarrier(db: Db, log: Logger, config?: Config): CarrierProvider {
  if (config?.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) return new TwilioCarrier(db, log, config);
  return new LocalCarrier(db, log, config?.DEV_TOOLS !== 'off');
}
