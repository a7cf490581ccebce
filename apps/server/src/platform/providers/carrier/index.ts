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

/** A number search in Twilio's terms (AvailablePhoneNumbers/{country}/Local). */
export interface NumberSearch {
  country: string;
  /** NANP area code (3 digits) or a national area code elsewhere. */
  areaCode?: string;
  /** Digits, letters (keypad) and `*` wildcards; as long as the national number it anchors from the start. */
  contains?: string;
  inLocality?: string;
  inRegion?: string;
  limit: number;
}

export interface AvailableNumber {
  number: string;
  friendlyName: string;
  locality: string | null;
  region: string | null;
  country: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
}

/** The number went to someone else (bought between search and buy) or was never for sale. */
export class NumberUnavailableError extends Error {
  constructor(
    readonly number: string,
    message: string,
    /** taken: someone bought it; not_for_sale: the carrier never had it. */
    readonly reason: 'taken' | 'not_for_sale' = 'taken',
  ) {
    super(message);
    this.name = 'NumberUnavailableError';
  }
}

/** A call that reaches one of our numbers through the carrier itself (the simulated carrier's forwarded calls). */
export interface InboundCall {
  sid: string;
  from: string;
  to: string;
  /** The phone that forwarded it, when forwarded. */
  forwardedFrom?: string;
}

/** Telephony: numbers, SMS and calls. */
export interface CarrierProvider {
  /** Numbers for sale. */
  searchNumbers(q: NumberSearch): Promise<AvailableNumber[]>;
  /** Buys a number with its voice and SMS webhooks; NumberUnavailableError when it is gone. */
  buyNumber(p: { number: string; voiceUrl: string; smsUrl: string }): Promise<{ sid: string }>;
  /** Gives a number back to the carrier. */
  releaseNumber(p: { sid: string | null; number: string }): Promise<void>;
  /** A call that speaks a text and hangs up (verification codes). */
  speak(p: { from: string; to: string; text: string }): Promise<{ status: 'completed' | 'failed' | 'no-answer'; error?: string }>;
  /** A call nobody answers on our side, to see where the callee's forwarding sends it. */
  testCall(p: { from: string; to: string }): Promise<{
    status: 'ringing' | 'failed';
    error?: string;
    /** Resolves once the call is over at the carrier (ring out, forwarding done); absent when the carrier does not say (Twilio here): the wait runs its course. */
    ended?: Promise<void>;
  }>;
  /** Who hears about calls the carrier delivers in-process (the simulated carrier). */
  listenCalls?(fn: (call: InboundCall) => Promise<void>): void;
  readonly kind: 'local' | 'twilio';
  sendSms(message: SmsMessage): Promise<SmsSendResult>;
  /** Who hears about inbound messages and receipts (the conversations service). */
  listen(listener: CarrierListener): void;
  /** Numbers the carrier can hand out (the simulated pool; empty for a real carrier here). */
  pool(country: string): string[];
  /** Dials a number; once answered, the call's audio flows over a Media Streams connection carrying `ticket`. */
  placeCall?(call: OutboundCall): Promise<{ status: 'ringing' | 'failed' | 'no-answer'; error?: string }>;
  /**
   * Transfers a live call to a person's number. A carrier that bridges in-process (the simulated one)
   * hands back the person's leg; Twilio bridges by itself (`leg` null: the media stream then ends).
   */
  transferCall?(t: CallTransfer): Promise<TransferResult>;
  /** Who serves the media of calls the carrier connects in-process (the simulated carrier). */
  acceptMedia?(serve: (conn: MediaConnection) => void): void;
}

/**
 * A text-message connection speaking the Twilio Media Streams protocol: a WebSocket from Twilio or a
 * browser, or the simulated carrier's in-process pipe. The calls module serves it.
 */
export interface MediaConnection {
  /** False when this connection may carry only web calls (an unsigned WebSocket while Twilio carries the phone calls); absent: any call. */
  phoneCalls?: boolean;
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

export interface CallTransfer {
  callId: string;
  /** The carrier's id of the live call (Twilio's CallSid from the stream's `start`). */
  carrierSid: string | null;
  /** Our number, shown to the person as the caller id. */
  from: string;
  to: string;
  /** A warm transfer's brief, for a carrier that plays it to the person itself (Twilio's whisper); in-process carriers hand back the leg and the call plays it. */
  brief?: string;
}

/** The person's side of a bridged transfer: frames to them, frames from them, and their hang-up. */
export interface TransferLeg {
  send(frame: Buffer): void;
  onAudio(cb: (frame: Buffer) => void): void;
  hangUp(): void;
}

export type TransferResult = { status: 'connected'; leg: TransferLeg | null } | { status: 'failed' | 'no-answer'; reason: string };

export const PLATFORM_SENDER = '+15005550006';

export function createCarrier(db: Db, log: Logger, config?: Config): CarrierProvider {
  if (config?.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) return new TwilioCarrier(db, log, config);
  return new LocalCarrier(db, log, config?.DEV_TOOLS !== 'off');
}
