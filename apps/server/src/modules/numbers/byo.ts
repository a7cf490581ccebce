import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, conflict, ruleBroken } from '../../platform/http/errors.ts';
import { toE164 } from '../../platform/http/phone.ts';
import { PLATFORM_SENDER } from '../../platform/providers/carrier/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { toPhoneNumber } from './mappers.ts';
import { numbersRepository, type PhoneNumberRow } from './repository.ts';

export const BYO_CODE_TTL_MS = 10 * 60_000;
export const BYO_MAX_ATTEMPTS = 5;

const hash = (code: string, salt: string) => crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');
const matches = (code: string, salt: string, stored: string) => {
  const a = Buffer.from(hash(code, salt), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/**
 * Bring your own number: the organization names a line it has; a six-digit code goes to that line by
 * SMS or by a call that speaks it (carrier.speak), stored salted and hashed, five tries; the right code
 * makes the number active, then it is routed by forwarding to one of our numbers or over a SIP trunk.
 */
export function createByoService(
  deps: Deps,
  own: (ctx: AuthContext, raw: string) => Promise<PhoneNumberRow>,
  syncAccount: (accountId: number) => Promise<void>,
) {
  const { db, carrier } = deps;

  async function sendCode(row: PhoneNumberRow, method: 'sms' | 'call') {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = crypto.randomBytes(8).toString('hex');
    const now = Date.now();
    const v = await numbersRepository.newVerification(db, {
      number: row.number,
      account_id: row.account_id,
      code_hash: hash(code, salt),
      salt,
      method,
      expires_at: now + BYO_CODE_TTL_MS,
      used_at: null,
      created_at: now,
    });
    if (method === 'sms') {
      await carrier.sendSms({ to: row.number, body: `Your Switchboard verification code is ${code}.`, idempotencyKey: `byo-code:${v.id}` });
    } else {
      const spoken = `Your Switchboard verification code is ${[...code].join(', ')}.`;
      const r = await carrier.speak({ from: PLATFORM_SENDER, to: row.number, text: spoken });
      if (r.status === 'failed') throw ruleBroken(`We could not call ${row.number}: ${r.error ?? 'the call failed'}.`, 'number');
    }
    return v.expires_at;
  }

  return {
    async byoAssign(ctx: AuthContext, input: { number: string; method: 'sms' | 'call' }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const number = toE164(input.number, 'number');
      let row = await numbersRepository.byNumber(db, number);
      if (row && (row.account_id !== ctx.acting.id || row.status !== 'pending_verification'))
        throw conflict(
          row.account_id === ctx.acting.id ? 'This number is already yours.' : 'This number is already on Switchboard.',
          'number',
        );
      if (!row) {
        row = await numbersRepository.insert(db, {
          number,
          country: 'US',
          account_id: ctx.acting.id,
          provider: 'byo',
          sms_enabled: 0,
          kind: 'byo',
          status: 'pending_verification',
          capabilities: 'voice',
          agent_id: null,
          routing: null,
          carrier_sid: null,
          locality: null,
          region: null,
          forward_to: null,
          verified_at: null,
        });
        if (!row) throw conflict('This number is already on Switchboard.', 'number');
      }
      const expiresAt = await sendCode(row, input.method);
      return { success: true as const, phoneNumber: toPhoneNumber(row), method: input.method, expiresAt };
    },

    async byoVerify(ctx: AuthContext, input: { number: string; code: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await own(ctx, input.number);
      if (row.status !== 'pending_verification') throw conflict('This number is verified already.', 'number');
      const v = await numbersRepository.openVerification(db, row.number, ctx.acting.id);
      if (!v || Number(v.expires_at) < Date.now()) throw ruleBroken('The code has expired. Ask for a new one.', 'code');
      if (!(await numbersRepository.spendAttempt(db, v.id, BYO_MAX_ATTEMPTS)))
        throw new AppError('rate_limited', 'Too many wrong codes. Ask for a new one.', 'code');
      if (!matches(input.code.trim(), v.salt, v.code_hash)) {
        const left = BYO_MAX_ATTEMPTS - (v.attempts + 1);
        throw ruleBroken(
          left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'That code is not right. Ask for a new one.',
          'code',
        );
      }
      await numbersRepository.useVerification(db, v.id);
      const updated = await numbersRepository.update(db, row.id, { status: 'active', verified_at: Date.now() });
      await syncAccount(ctx.acting.id);
      return { success: true as const, phoneNumber: toPhoneNumber(updated!) };
    },

    /** How calls to a verified BYO number reach the agent: forwarded to one of our numbers, or over SIP. */
    async byoRoute(ctx: AuthContext, input: { number: string; routing: 'forwarding' | 'sip'; forwardTo?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await own(ctx, input.number);
      if (row.kind !== 'byo') throw ruleBroken('Only a number you brought is routed this way.', 'number');
      if (row.status !== 'active') throw ruleBroken('Verify the number first.', 'number');
      let forwardTo: string | null = null;
      if (input.routing === 'forwarding') {
        const ours = (await numbersRepository.ofAccount(db, ctx.acting.id)).filter(
          (r) => r.kind !== 'byo' && numbersRepository.isActive(r),
        );
        const target = input.forwardTo ? ours.find((r) => r.number === toE164(input.forwardTo!, 'forwardTo')) : ours[0];
        if (!target)
          throw ruleBroken(
            input.forwardTo ? 'Forward to one of your Switchboard numbers.' : 'Get a Switchboard number to forward to first.',
            'forwardTo',
          );
        forwardTo = target.number;
      } else if (input.forwardTo) throw badRequest('forwardTo: only for forwarding', 'forwardTo');
      const updated = await numbersRepository.update(db, row.id, { routing: input.routing, forward_to: forwardTo });
      return { success: true as const, phoneNumber: toPhoneNumber(updated!) };
    },
  };
}
