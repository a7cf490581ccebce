import crypto from 'node:crypto';
import type { FormBody } from '@switchboard/core/contracts/device';
import type { Deps } from '../../deps.ts';
import { ruleBroken } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import type { ResolvedApp } from './service.ts';

const TITLES = { feedback: 'Feedback', 'contact-sales': 'Contact sales' } as const;

/**
 * Forms beyond get-support (spec §2 `form`): each goes by e-mail (the e-mail provider: SMTP, or the
 * local outbox) to where the host's brand says: its app identity's feedback or sales address, else its
 * support e-mail; the main brand's go to SUPPORT_EMAIL / SALES_EMAIL.
 */
export function createFormsService(deps: Deps, appForHost: (host: string) => Promise<ResolvedApp>) {
  return {
    async submit(ctx: AuthContext | null, host: string, input: FormBody, key: string | undefined) {
      const app = await appForHost(host);
      const to = input.form === 'feedback' ? app.feedbackEmail : app.salesEmail;
      if (!to) throw ruleBroken(`form: ${app.name} has no address for ${TITLES[input.form].toLowerCase()} yet.`, 'form');
      const who = ctx ? `${ctx.user.email ?? ctx.user.username} (account ${ctx.acting.id})` : 'a signed-out visitor';
      const replyTo = input.email ?? ctx?.user.email ?? null;
      const lines =
        input.form === 'feedback'
          ? [input.rating ? `Rating: ${input.rating} of 5` : null, input.page ? `Page: ${input.page}` : null, '', input.message]
          : [
              `Name: ${input.name}`,
              input.company ? `Company: ${input.company}` : null,
              input.phone ? `Phone: ${input.phone}` : null,
              input.teamSize ? `Team size: ${input.teamSize}` : null,
              '',
              input.message,
            ];
      const text = [...lines, '', '—', `From ${who}${replyTo ? `, reply to ${replyTo}` : ''}`, `App: ${app.name} (${host})`]
        .filter((l): l is string => l != null)
        .join('\n');
      // The client's key (or the content) makes a double submit one e-mail.
      const idem = crypto
        .createHash('sha256')
        .update(`${input.form}|${ctx?.user.id ?? ''}|${key ?? text}`)
        .digest('hex')
        .slice(0, 40);
      await deps.email.send({ to, subject: `${TITLES[input.form]} from ${app.name}`, text, idempotencyKey: `form:${idem}` });
      return { success: true as const, form: input.form, deliveredTo: to };
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
