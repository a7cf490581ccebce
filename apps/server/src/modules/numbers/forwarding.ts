import { EventEmitter } from 'node:events';
import { US_CARRIERS, carrierForwarding, fillCode } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db.ts';
import { notFound, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone, toE164 } from '../../platform/http/phone.ts';
import type { AuthContext } from '../auth/index.ts';
import { numbersRepository, type ForwardingCheckRow, type PhoneNumberRow } from './repository.ts';

/** How long a forwarding check watches for the forwarded call (a carrier rings ~20-25 s before no-answer forwarding). */
export const FORWARDING_WAIT_MS = 45_000;

/** Checks settled in this process: the waiting request wakes at once instead of at the timeout. */
const settled = new EventEmitter();
settled.setMaxListeners(0);

/**
 * A call reached one of our numbers (every inbound transport calls this): if it carries the caller id
 * of a forwarding check that is waiting, the check is settled — success when it arrived at the
 * expected number, wrong_number otherwise.
 */
export async function noteInboundCall(db: DbOrTx, call: { from: string; to: string }): Promise<void> {
  const from = normalizePhone(call.from) ?? call.from;
  const to = normalizePhone(call.to) ?? call.to;
  for (const check of await numbersRepository.waitingChecks(db, from, Date.now() - 10 * 60_000)) {
    const status = check.expected === to ? 'success' : 'wrong_number';
    if (await numbersRepository.finishCheck(db, check.id, status, to)) settled.emit(`check:${check.id}`);
  }
}

function outcome(row: ForwardingCheckRow, detail?: string) {
  const cell = row.cell;
  switch (row.status) {
    case 'success':
      return { verified: true, outcome: 'success' as const, message: `Calls to ${cell} now reach your agent at ${row.expected}.` };
    case 'wrong_number':
      return {
        verified: false,
        outcome: 'wrong_number' as const,
        message: `The test call to ${cell} was forwarded to ${row.seen}, not to your agent's number ${row.expected}. Dial the code again with ${row.expected}.`,
      };
    default:
      return {
        verified: false,
        outcome: 'no_call' as const,
        message:
          detail ??
          `We called ${cell} and no call arrived at ${row.expected}. Check that forwarding is on and dialled with ${row.expected}.`,
      };
  }
}

export function createForwardingService(deps: Deps, own: (ctx: AuthContext, raw: string) => Promise<PhoneNumberRow>) {
  const { db, carrier } = deps;

  async function agentNumber(ctx: AuthContext, raw?: string): Promise<PhoneNumberRow | null> {
    if (raw) return own(ctx, raw);
    const ours = await numbersRepository.ofAccount(db, ctx.acting.id);
    return ours.find((r) => r.kind !== 'byo' && numbersRepository.isActive(r)) ?? null;
  }

  const service = {
    /** The wait between the test call and "no call arrived" (tests put a fake clock here). */
    forwardingClock: { sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()) },

    async forwardingInstructions(ctx: AuthContext, q: { carrier?: string; number?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const target = await agentNumber(ctx, q.number);
      const list = q.carrier ? [carrierForwarding(q.carrier)].filter((c) => !!c) : US_CARRIERS;
      if (q.carrier && list.length === 0) throw notFound('Unknown carrier.');
      const fill = (code: string) => (target ? fillCode(code, target.number) : code);
      return {
        success: true as const,
        forwardTo: target?.number ?? null,
        carriers: list.map((c) => ({
          id: c.id,
          name: c.name,
          unconditional: { enable: fill(c.unconditional.enable), disable: c.unconditional.disable },
          conditional: {
            enable: fill(c.conditional.enable),
            disable: c.conditional.disable,
            ...(c.conditional.note ? { note: c.conditional.note } : {}),
          },
        })),
      };
    },

    /**
     * Calls the user's phone from the agent's number through the carrier and lets it ring out; a phone
     * that forwards passes the call on with our caller id, and the call reaching one of our numbers
     * settles the check. Answers what it saw once a call arrives or the wait is over.
     */
    async verifyCellForwarding(ctx: AuthContext, input: { phoneNumber: string; number?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const cell = toE164(input.phoneNumber, 'phoneNumber');
      const target = await agentNumber(ctx, input.number);
      if (!target) throw ruleBroken('Get a Switchboard number for your agent first.', 'number');
      if (target.number === cell) throw ruleBroken('Enter your own phone, not the agent’s number.', 'phoneNumber');
      const check = await numbersRepository.newCheck(db, {
        account_id: ctx.acting.id,
        cell,
        expected: target.number,
        caller_id: target.number,
        status: 'waiting',
        seen: null,
        created_at: Date.now(),
        finished_at: null,
      });
      const woke = new Promise<void>((resolve) => settled.once(`check:${check.id}`, resolve));
      const dial = await carrier.testCall({ from: target.number, to: cell });
      let detail: string | undefined;
      if (dial.status === 'failed') detail = `We could not call ${cell}: ${dial.error ?? 'the call failed'}.`;
      // Until the call arrives, the carrier says the ring is over (the simulated carrier), or the wait ends.
      else await Promise.race([woke, dial.ended ?? woke, service.forwardingClock.sleep(FORWARDING_WAIT_MS)]);
      settled.removeAllListeners(`check:${check.id}`);
      await numbersRepository.finishCheck(db, check.id, 'no_call', null);
      const row = (await numbersRepository.check(db, check.id))!;
      return { success: true as const, ...outcome(row, detail), expected: row.expected, seen: row.seen };
    },
  };
  return service;
}
