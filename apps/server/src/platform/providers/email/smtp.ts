import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/index.ts';
import { ProviderError, sendThroughOutbox } from '../../outbox/index.ts';
import { outboxBody, type EmailMessage, type EmailProvider } from './index.ts';

/** How long to wait for the connection, the server's greeting and any later reply (nodemailer's limits). */
export interface SmtpTimeouts {
  connectionMs?: number;
  greetingMs?: number;
  socketMs?: number;
}

/** Real mail through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpEmailProvider implements EmailProvider {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly db: Db,
    timeouts: SmtpTimeouts = {},
  ) {
    // Timeouts in the options object: a second argument would be message defaults, not connection settings.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeouts.connectionMs ?? 10_000,
      greetingTimeout: timeouts.greetingMs ?? 10_000,
      socketTimeout: timeouts.socketMs ?? 20_000,
    });
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
          const e = err as { responseCode?: number; code?: string; message: string };
          const status = e.responseCode;
          // 5xx SMTP replies are permanent; 4xx replies, timeouts and no connection are temporary.
          const permanent = status != null && status >= 500;
          const why =
            status != null
              ? `The mail server ${permanent ? 'refused' : 'deferred'} the message (${status}): ${e.message}`
              : e.code === 'ETIMEDOUT'
                ? `The mail server did not answer in time: ${e.message}`
                : `The mail server could not be reached: ${e.message}`;
          throw new ProviderError('smtp', why, !permanent, status != null ? { upstreamStatus: status } : {});
        }
      },
    );
  }
}
