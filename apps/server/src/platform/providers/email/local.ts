import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../../outbox/index.ts';
import { outboxBody, type EmailMessage, type EmailProvider } from './index.ts';

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
    /** Print message texts (sign-in codes and links) to the log: only while the dev tools are on (DEV_TOOLS). */
    private readonly logTexts = true,
  ) {}

  async send(m: EmailMessage): Promise<void> {
    await sendThroughOutbox(
      this.db,
      { channel: 'email', to: m.to, from: this.from, subject: m.subject, body: outboxBody(m), idempotencyKey: m.idempotencyKey },
      async () => {
        const domain = m.to.split('@')[1]?.toLowerCase() ?? '';
        if (domain === 'invalid' || domain.endsWith('.invalid')) {
          throw new ProviderError('email', `Mailbox unavailable: ${m.to}`);
        }
        const line = `[outbox] e-mail to ${m.to}: ${m.subject}`;
        this.log.info(
          { outbox: 'email', to: m.to, subject: this.logTexts ? m.subject : undefined },
          this.logTexts ? `${line}\n${m.text}` : `[outbox] e-mail to ${m.to}`,
        );
      },
    );
  }
}
