import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db.ts';
import { badRequest, conflict, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { updateAccount } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { numbersRepository } from './repository.ts';

/** The number an organization texts from (its first), or null. */
export async function numberOfAccount(db: DbOrTx, accountId: number): Promise<string | null> {
  return (await numbersRepository.firstOfAccount(db, accountId))?.number ?? null;
}

/** The account a number of ours belongs to, or null. */
export async function accountOfNumber(db: DbOrTx, number: string): Promise<{ accountId: number; number: string } | null> {
  const row = await numbersRepository.byNumber(db, number);
  return row ? { accountId: row.account_id, number: row.number } : null;
}

/**
 * Numbers in their simplest form: an organization takes one number from the carrier (the simulated
 * carrier's pool, next free when none is named). The numbers issue adds search, BYO numbers and SIP.
 */
export function createNumbersService(deps: Deps) {
  const { db, carrier } = deps;

  return {
    async assign(ctx: AuthContext, input: { number?: string; country: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const country = input.country.toUpperCase();
      const existing = await numbersRepository.firstOfAccount(db, ctx.acting.id);
      if (existing) throw conflict(`This organization already has the number ${existing.number}.`, 'number');
      const pool = carrier.pool(country);
      let number: string | null;
      if (input.number) {
        number = normalizePhone(input.number, country);
        if (!number) throw badRequest('Please enter a valid phone number.', 'number');
        if (carrier.kind === 'local' && !pool.includes(number)) throw ruleBroken('That number is not available.', 'number');
      } else {
        if (pool.length === 0) throw ruleBroken(`No numbers are available in ${country}.`, 'country');
        const taken = await numbersRepository.taken(db, pool);
        number = pool.find((n) => !taken.has(n)) ?? null;
        if (!number) throw ruleBroken(`No numbers are available in ${country}.`, 'country');
      }
      const row = await numbersRepository.insert(db, { number, country, accountId: ctx.acting.id, provider: carrier.kind });
      if (!row) throw conflict('That number is already taken.', 'number');
      await updateAccount(db, ctx.acting.id, { vida_phone_number: number, sms_enabled: 1 });
      return { success: true as const, number, phoneNumber: { number, country, smsEnabled: true, provider: carrier.kind } };
    },

    async isOurs(number: string): Promise<boolean> {
      return (await numbersRepository.byNumber(db, number)) != null;
    },

    async listWithAccounts() {
      const rows = await numbersRepository.listWithAccounts(db, 200);
      return rows.map((r) => ({ number: r.number, username: r.username, name: r.account_name }));
    },
  };
}

export type NumbersService = ReturnType<typeof createNumbersService>;
