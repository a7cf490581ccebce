import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { LocalCarrier } from './local.ts';

export interface SmsMessage {
  to: string;
  body: string;
  /** The sending number; the platform's own sender when omitted. */
  from?: string;
  idempotencyKey: string;
}

/** Telephony: SMS for now; numbers and calls join it as their issues land. */
export interface CarrierProvider {
  readonly kind: 'local' | 'twilio';
  sendSms(message: SmsMessage): Promise<void>;
}

export const PLATFORM_SENDER = '+15005550006';

export function createCarrier(db: Db, log: Logger): CarrierProvider {
  return new LocalCarrier(db, log);
}
