import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../../outbox/index.ts';
import { outboxBody, type EmailMessage, type EmailProvider } from './index.ts';

/** Real mail through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpEmailProvider implements EmailProvider {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly db: Db,
  ) {
    // Timeouts in the options object: a second argument would be message defaults, not connection settings.
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async send(m: EmailMessage): Promise<void> {
    await sendThroughOutbox(
      this.db,
      { channel: 'email', to: m.to, from: this.from, subject: m.subject, body: outboxBody(m), idempotencyKey: m.idempotencyKey },
      async () => {
        try {
          await this.transport.sendMail({
            from: this.from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            attachments: m.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
            headers: { 'X-Idempotency-Key': m.idempotencyKey },
          });
        } catch (err) {
          const e = err as { responseCode?: number; message: string };
          // 4xx SMTP replies are temporary; 5xx are permanent.
          throw new ProviderError('smtp', e.message, e.responseCode == null || (e.responseCode >= 400 && e.responseCode < 500));
        }
      },
    );
  }
}
