import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../db/index.ts';
import { LocalEmailProvider } from './local.ts';
import { SmtpEmailProvider } from './smtp.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same key never sends twice. */
  idempotencyKey: string;
  /** Files sent along (a calendar invite); the outbox keeps them after the text. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** What the outbox records of a message: its text, then each attachment. */
export const outboxBody = (m: EmailMessage): string =>
  [m.text, ...(m.attachments ?? []).map((a) => `--- ${a.filename} (${a.contentType})\n${a.content}`)].join('\n\n');

export interface EmailProvider {
  readonly kind: 'local' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

export function createEmailProvider(config: Config, db: Db, log: Logger): EmailProvider {
  return config.SMTP_URL
    ? new SmtpEmailProvider(config.SMTP_URL, config.MAIL_FROM, db)
    : new LocalEmailProvider(db, log, config.MAIL_FROM, config.DEV_TOOLS !== 'off');
}
