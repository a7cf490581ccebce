import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../outbox.ts';
import type { EmailMessage, EmailProvider } from './index.ts';

/**
 * The embedded mail server: keeps every message in the outbox (shown at /api/dev/outbox and in the
 * app's debug panel) and prints it to the log. Like a real server it bounces mail to domains that
 * cannot exist (the reserved `.invalid` top-level domain, RFC 2606).
 */
export class LocalEmailProvider implements EmailProvider {
  readonly kind = 'local' as const;
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly from: string,
  ) {}

  async send(m: EmailMessage): Promise<void> {
    await sendThroughOutbox(
      this.db,
      { channel: 'email', to: m.to, from: this.from, subject: m.subject, body: m.text, idempotencyKey: m.idempotencyKey },
      async () => {
        const domain = m.to.split('@')[1]?.toLowerCase() ?? '';
        if (domain === 'invalid' || domain.endsWith('.invalid')) {
          throw new ProviderError('email', `Mailbox unavailable: ${m.to}`);
        }
        this.log.info({ outbox: 'email', to: m.to, subject: m.subject }, `[outbox] e-mail to ${m.to}: ${m.subject}\n${m.text}`);
      },
    );
  }
}
