import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db.ts';
import { AppError, badRequest, conflict, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { areaOfNational, CALLING_CODES } from '../../platform/providers/carrier/areas.ts';
import { NumberUnavailableError } from '../../platform/providers/carrier/index.ts';
import { capabilitiesOf } from '../../platform/providers/carrier/inventory.ts';
import { accountNamesByIds, findAccount, updateAccount } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { createByoService } from './byo.ts';
import { createForwardingService } from './forwarding.ts';
import { capabilityList, toPhoneNumber } from './mappers.ts';
import { numbersRepository, type PhoneNumberRow } from './repository.ts';
import { numberSearches } from './search.ts';

/** The number an organization texts and calls from (its first working one), or null. */
export async function numberOfAccount(db: DbOrTx, accountId: number): Promise<string | null> {
  return (await numbersRepository.firstOfAccount(db, accountId))?.number ?? null;
}

/** The organization (and the agent that answers) of a working number of ours, or null. */
export async function accountOfNumber(
  db: DbOrTx,
  number: string,
): Promise<{ accountId: number; number: string; agentId: number | null; smsEnabled: boolean } | null> {
  const row = await numbersRepository.byNumber(db, number);
  if (!row || !numbersRepository.isActive(row)) return null;
  return { accountId: row.account_id, number: row.number, agentId: row.agent_id, smsEnabled: row.sms_enabled === 1 };
}

export { noteInboundCall } from './forwarding.ts';

/** How many numbers "any number" tries before it says none are available (each may go to someone else meanwhile). */
const ANY_TRIES = 5;

/** The place of a number from the carrier's geography (real area codes), when known. */
function placeOf(number: string, country: string) {
  const cc = CALLING_CODES[country];
  const area = cc && number.startsWith(`+${cc}`) ? areaOfNational(country, number.slice(1 + cc.length)) : undefined;
  return { locality: area?.city ?? null, region: area?.region ?? null };
}

/**
 * Phone numbers: search the carrier, buy (assign), release, choose who answers and whether the number
 * takes texts; bring-your-own numbers (byo.ts) and forwarding (forwarding.ts).
 */
export function createNumbersService(deps: Deps) {
  const { db, carrier } = deps;
  const webhooks = {
    voiceUrl: `${deps.config.publicUrl}/api/v1/calls/twilio/voice`,
    smsUrl: `${deps.config.publicUrl}/api/v1/carrier/twilio/sms`,
  };

  /** The acting organization's number, or 404 (another tree's number is simply not found). */
  async function own(ctx: AuthContext, raw: string): Promise<PhoneNumberRow> {
    const number = normalizePhone(raw);
    const row = number ? await numbersRepository.byNumber(db, number) : undefined;
    if (!row || row.account_id !== ctx.acting.id) throw notFound('Number not found.');
    return row;
  }

  /** Keeps the account's own number (vidaPhoneNumber) on its first working number. */
  async function syncAccount(accountId: number) {
    const first = await numbersRepository.firstOfAccount(db, accountId);
    await updateAccount(db, accountId, { vida_phone_number: first?.number ?? null, sms_enabled: first ? first.sms_enabled : 0 });
  }

  async function buy(ctx: AuthContext, number: string, country: string) {
    if (await numbersRepository.byNumber(db, number)) throw conflict('That number is already taken.', 'number');
    let sid: string;
    try {
      ({ sid } = await carrier.buyNumber({ number, ...webhooks }));
    } catch (err) {
      if (!(err instanceof NumberUnavailableError)) throw err;
      if (err.reason === 'not_for_sale') throw ruleBroken('That number is not available.', 'number');
      throw conflict('That number was bought by someone else after your search. Search again and pick another.', 'number');
    }
    const caps = capabilitiesOf(number, country);
    const row = await numbersRepository.insert(db, {
      number,
      country,
      account_id: ctx.acting.id,
      provider: carrier.kind,
      sms_enabled: caps.sms ? 1 : 0,
      kind: 'carrier',
      status: 'active',
      carrier_sid: sid,
      capabilities: carrier.kind === 'local' ? capabilityList(caps) : null,
      agent_id: null,
      routing: null,
      forward_to: null,
      verified_at: null,
      ...placeOf(number, country),
    });
    if (!row) {
      await carrier.releaseNumber({ sid, number });
      throw conflict('That number is already taken.', 'number');
    }
    await syncAccount(ctx.acting.id);
    return row;
  }

  /**
   * Candidates for "any number": the simulated carrier's pool; a real carrier is searched (in the
   * organization's own area code when its phone is in that country, else anywhere in the country).
   */
  async function anyNumbers(ctx: AuthContext, country: string): Promise<string[]> {
    if (carrier.kind === 'local') {
      const pool = carrier.pool(country);
      const taken = await numbersRepository.taken(db, pool);
      return pool.filter((n) => !taken.has(n)).slice(0, ANY_TRIES);
    }
    if (!CALLING_CODES[country]) throw badRequest(`country: numbers are sold in ${Object.keys(CALLING_CODES).join(', ')}`, 'country');
    const phone = (await findAccount(db, ctx.acting.id))?.phone_number;
    const cc = CALLING_CODES[country];
    const area = phone?.startsWith(`+${cc}`) ? areaOfNational(country, phone.slice(1 + cc.length)) : undefined;
    const near = area ? await carrier.searchNumbers({ country, areaCode: area.code, limit: ANY_TRIES }) : [];
    const found = near.length ? near : await carrier.searchNumbers({ country, limit: ANY_TRIES });
    return found.map((n) => n.number).slice(0, ANY_TRIES);
  }

  return {
    ...numberSearches(carrier),
    ...createByoService(deps, own, syncAccount),
    ...createForwardingService(deps, own),

    async assign(ctx: AuthContext, input: { number?: string; country: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const country = input.country.toUpperCase();
      let row: PhoneNumberRow;
      if (input.number) {
        const number = normalizePhone(input.number, country);
        if (!number) throw badRequest('Please enter a valid phone number.', 'number');
        row = await buy(ctx, number, country);
      } else {
        // "Any number": the carrier's pool, for an organization's first number.
        const existing = await numbersRepository.firstOfAccount(db, ctx.acting.id);
        if (existing) throw conflict(`This organization already has the number ${existing.number}.`, 'number');
        let bought: PhoneNumberRow | null = null;
        const candidates = await anyNumbers(ctx, country);
        for (const n of candidates) {
          bought = await buy(ctx, n, country).catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'conflict') return null;
            throw err;
          });
          if (bought) break;
        }
        // A real carrier offered numbers and each went to someone else between the search and the purchase.
        if (!bought && candidates.length && carrier.kind !== 'local')
          throw conflict(`The numbers the carrier offered in ${country} were bought by someone else first. Try again.`, 'number');
        if (!bought) throw ruleBroken(`No numbers are available in ${country}.`, 'country');
        row = bought;
      }
      return { success: true as const, number: row.number, phoneNumber: toPhoneNumber(row) };
    },

    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, phoneNumbers: (await numbersRepository.ofAccount(db, ctx.acting.id)).map(toPhoneNumber) };
    },

    /** Gives the number back to the carrier (a BYO number just leaves Switchboard). */
    async release(ctx: AuthContext, input: { number: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await own(ctx, input.number);
      if (row.kind !== 'byo') await carrier.releaseNumber({ sid: row.carrier_sid, number: row.number });
      await numbersRepository.remove(db, row.id);
      await syncAccount(ctx.acting.id);
      return { success: true as const, phoneNumber: toPhoneNumber(row) };
    },

    /** Which agent answers the number, and whether it takes texts. */
    async route(ctx: AuthContext, input: { number: string; agentId?: number | null; smsEnabled?: boolean }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await own(ctx, input.number);
      if (input.agentId != null) {
        const agent = await findAccount(db, input.agentId);
        if (!agent || agent.account_type !== 'agent' || agent.organization_id !== ctx.acting.id || agent.deleted_at != null)
          throw notFound('Agent not found.');
      }
      const info = toPhoneNumber(row);
      if (input.smsEnabled && !info.capabilities?.sms) throw ruleBroken('This number cannot take texts.', 'smsEnabled');
      if (input.smsEnabled && row.kind === 'byo')
        throw ruleBroken('Texts to your own number stay with your phone company; use a Switchboard number for texts.', 'smsEnabled');
      const updated = await numbersRepository.update(db, row.id, {
        ...(input.agentId !== undefined ? { agent_id: input.agentId } : {}),
        ...(input.smsEnabled !== undefined ? { sms_enabled: input.smsEnabled ? 1 : 0 } : {}),
      });
      await syncAccount(ctx.acting.id);
      return { success: true as const, phoneNumber: toPhoneNumber(updated!) };
    },

    async isOurs(number: string): Promise<boolean> {
      return (await accountOfNumber(db, number)) != null;
    },

    async listWithAccounts() {
      const rows = await numbersRepository.listHeld(db, 200);
      const names = new Map((await accountNamesByIds(db, [...new Set(rows.map((r) => r.account_id))])).map((a) => [a.id, a]));
      // As the join did: a number whose account row is gone is not listed.
      return rows.flatMap((r) => {
        const a = names.get(r.account_id);
        return a ? [{ number: r.number, username: a.username, name: a.account_name }] : [];
      });
    },
  };
}

export type NumbersService = ReturnType<typeof createNumbersService>;
