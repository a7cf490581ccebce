import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../outbox.ts';
import { PLATFORM_SENDER, type CarrierProvider, type SmsMessage } from './index.ts';

/**
 * The simulated carrier: every SMS lands in the outbox and the log. Like a real carrier it refuses
 * numbers that cannot receive texts: the fictional 555-0100..0199 range of North America.
 */
export class LocalCarrier implements CarrierProvider {
  readonly kind = 'local' as const;
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async sendSms(m: SmsMessage): Promise<void> {
    const from = m.from ?? PLATFORM_SENDER;
    await sendThroughOutbox(this.db, { channel: 'sms', to: m.to, from, body: m.body, idempotencyKey: m.idempotencyKey }, async () => {
      if (/^\+1\d{3}55501\d{2}$/.test(m.to)) throw new ProviderError('carrier', `Number unreachable: ${m.to}`);
      this.log.info({ outbox: 'sms', to: m.to }, `[outbox] SMS to ${m.to}: ${m.body}`);
    });
  }
}
