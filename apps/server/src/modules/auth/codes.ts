/** Sign-in and verification codes: sent by e-mail or SMS (hourly limit, void when not delivered), checked, used once. */
import { CODE_MAX_ATTEMPTS, CODE_MAX_SENDS_PER_HOUR, CODE_TTL_MS } from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import { codesRepository, codeMatches, newCode, type CodeRow } from './repository.ts';

/** What a sign-up code carries until it is used: the sign-up's own fields. */
export interface SignupPayload {
  name?: string;
  businessName?: string;
  number?: string;
  parentId?: number;
  externalAccountId?: string;
  tempUserId?: number;
  accountId?: number;
  ref?: string;
}

/**
 * Codes are six digits, stored hashed, valid ten minutes, five attempts, and at most
 * CODE_MAX_SENDS_PER_HOUR sends per address per hour.
 */
export function createCodes(deps: Deps) {
  const { db, config } = deps;

  async function sendCode(opts: {
    channel: 'email' | 'sms';
    address: string;
    purpose: string;
    accountId?: number | null;
    payload?: SignupPayload;
    field: string;
    /** Sign-in for an address no account uses: the mail says so instead of holding a code. */
    noAccount?: boolean;
  }): Promise<void> {
    const sent = await codesRepository.sentSince(db, opts.address, Date.now() - 3600_000);
    if (sent >= CODE_MAX_SENDS_PER_HOUR) {
      throw new AppError('rate_limited', 'Too many codes sent to this address. Try again in an hour.', opts.field);
    }
    const code = newCode();
    const id = await codesRepository.insert(db, { ...opts, code, ttlMs: CODE_TTL_MS });
    const idempotencyKey = `code:${id}`;
    try {
      if (opts.channel === 'email') {
        await deps.email.send(
          opts.noAccount
            ? {
                to: opts.address,
                subject: 'Signing in to Switchboard',
                text: `Someone asked to sign in to Switchboard with this address, but no account uses it. To make one, sign up at ${config.publicUrl}/app/signup.\n\nIf you did not ask, ignore this e-mail.`,
                idempotencyKey,
              }
            : {
                to: opts.address,
                subject: `${code} is your Switchboard code`,
                text: `Your Switchboard verification code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
                idempotencyKey,
              },
        );
      } else {
        await deps.carrier.sendSms({
          to: opts.address,
          body: `${code} is your Switchboard code. It expires in 10 minutes.`,
          idempotencyKey,
        });
      }
    } catch (err) {
      if (err instanceof ProviderError) {
        // Not delivered, so not issued: the code is void at once (no one can use it, it still counts
        // toward the hourly limit), and the answer says no code was sent.
        await codesRepository.consume(db, id);
        const where = opts.channel === 'sms' ? 'this number' : 'this address';
        throw new AppError(
          err.retryable ? 'unavailable' : 'rule_broken',
          `We could not send a code to ${where} (${err.message}), so no code was issued. Check it, or use another way to sign in.`,
          opts.field,
        );
      }
      throw err;
    }
  }

  /**
   * Checks a code (a wrong one counts as an attempt); every failure says what went wrong. It does not
   * consume the code: `useCode` does, inside the transaction that acts on it, so a failure there leaves
   * the code usable.
   */
  async function checkCode(address: string, purposes: string[], code: string, accountId?: number) {
    const row = await codesRepository.latest(db, address, purposes);
    if (!row || row.consumed_at != null || (accountId != null && row.account_id !== accountId)) {
      throw badRequest('No code is waiting for this address. Request a new one.', 'verificationCode');
    }
    if (row.expires_at < Date.now()) throw badRequest('That code has expired. Request a new one.', 'verificationCode');
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError('rate_limited', 'Too many wrong codes. Request a new one.', 'verificationCode');
    }
    if (!/^\d{6}$/.test(code.trim()) || !codeMatches(row, code.trim())) {
      const used = await codesRepository.addAttempt(db, row.id);
      const left = Math.max(0, CODE_MAX_ATTEMPTS - used);
      throw badRequest(
        left > 0 ? `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes. Request a new one.',
        'verificationCode',
      );
    }
    return { row, payload: fromJson<SignupPayload>(row.payload, {}) };
  }

  /** Consumes a checked code in the caller's transaction; a concurrent request that used it first wins. */
  async function useCode(trx: DbOrTx, row: CodeRow): Promise<void> {
    if (!(await codesRepository.consume(trx, row.id)))
      throw badRequest('That code was already used. Request a new one.', 'verificationCode');
  }

  return { sendCode, checkCode, useCode };
}
