import crypto from 'node:crypto';
import { parseForwardingDial, type DialEffect } from '@switchboard/core';
import type { Db } from '../../db/index.ts';
import { NumberUnavailableError, type AvailableNumber, type NumberSearch } from './index.ts';
import { inStock, searchStock } from './inventory.ts';

/** Who the simulated carrier sold a number to when it was not us. */
export const ELSEWHERE = 'another-customer';

/**
 * The simulated carrier's number desk and switch: sales kept in carrier_numbers (a sold number is
 * refused to the next buyer until released), forwarding each simulated phone dialled in
 * (carrier_forwarding), and the call ledger (carrier_calls).
 */
export class LocalNumberDesk {
  constructor(private readonly db: Db) {}

  async search(q: NumberSearch): Promise<AvailableNumber[]> {
    return searchStock(q, async (numbers) => {
      if (numbers.length === 0) return new Set();
      const rows = await this.db
        .selectFrom('carrier_numbers')
        .select('number')
        .where('number', 'in', numbers)
        .where('status', '=', 'purchased')
        .execute();
      return new Set(rows.map((r) => r.number));
    });
  }

  /** One conditional write: a free or released number becomes the buyer's; anything else is refused. */
  async buy(number: string, owner: string, urls: { voiceUrl: string | null; smsUrl: string | null }): Promise<{ sid: string }> {
    if (!inStock(number)) throw new NumberUnavailableError(number, `${number} is not for sale.`, 'not_for_sale');
    const sid = `PN${crypto.randomBytes(16).toString('hex')}`;
    const now = Date.now();
    const row = await this.db
      .insertInto('carrier_numbers')
      .values({ number, sid, status: 'purchased', owner, voice_url: urls.voiceUrl, sms_url: urls.smsUrl, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('number')
          .doUpdateSet({ sid, status: 'purchased', owner, voice_url: urls.voiceUrl, sms_url: urls.smsUrl, updated_at: now })
          .where('carrier_numbers.status', '=', 'released'),
      )
      .returning('sid')
      .executeTakeFirst();
    if (!row) throw new NumberUnavailableError(number, `${number} was bought by someone else.`);
    return { sid: row.sid };
  }

  async release(number: string, owner: string): Promise<void> {
    await this.db
      .updateTable('carrier_numbers')
      .set({ status: 'released', updated_at: Date.now() })
      .where('number', '=', number)
      .where('owner', '=', owner)
      .where('status', '=', 'purchased')
      .execute();
  }

  async status(number: string) {
    return this.db
      .selectFrom('carrier_numbers')
      .select(['sid', 'status', 'owner', 'voice_url', 'sms_url'])
      .where('number', '=', number)
      .executeTakeFirst();
  }

  /** A simulated phone dials a forwarding code (*72…, **21*…#, *73 …). */
  async dial(phone: string, digits: string): Promise<DialEffect> {
    const effect = parseForwardingDial(digits);
    if (effect?.kind === 'enable') {
      const now = Date.now();
      await this.db
        .insertInto('carrier_forwarding')
        .values({ phone, mode: effect.mode, target: effect.target, updated_at: now })
        .onConflict((oc) => oc.column('phone').doUpdateSet({ mode: effect.mode, target: effect.target, updated_at: now }))
        .execute();
    } else if (effect?.kind === 'disable') {
      await this.db.deleteFrom('carrier_forwarding').where('phone', '=', phone).execute();
    }
    return effect;
  }

  async forwardingOf(phone: string) {
    return this.db.selectFrom('carrier_forwarding').select(['mode', 'target']).where('phone', '=', phone).executeTakeFirst();
  }

  async logCall(c: {
    from: string;
    to: string;
    kind: 'say' | 'test' | 'stream';
    spoken?: string;
    forwardedTo?: string | null;
    status: string;
  }) {
    const sid = `CA${crypto.randomBytes(16).toString('hex')}`;
    await this.db
      .insertInto('carrier_calls')
      .values({
        sid,
        from_number: c.from,
        to_number: c.to,
        kind: c.kind,
        spoken: c.spoken ?? null,
        forwarded_to: c.forwardedTo ?? null,
        status: c.status,
        created_at: Date.now(),
      })
      .execute();
    return sid;
  }

  async calls(to: string | undefined, limit: number) {
    let q = this.db
      .selectFrom('carrier_calls')
      .select(['sid', 'from_number', 'to_number', 'kind', 'spoken', 'forwarded_to', 'status', 'created_at']);
    if (to) q = q.where('to_number', '=', to);
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      sid: r.sid,
      from: r.from_number,
      to: r.to_number,
      kind: r.kind,
      spoken: r.spoken,
      forwardedTo: r.forwarded_to,
      status: r.status,
      createdAt: Number(r.created_at),
    }));
  }
}
