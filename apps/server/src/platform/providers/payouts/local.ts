import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PayoutEvent, PayoutMethod, PayoutProcessor, PayoutRequest, PayoutResult, PayoutStatus } from './index.ts';

export interface LocalPayoutsTable {
  id: import('kysely').Generated<number>;
  ref: string;
  method: string;
  address: string;
  amount: number;
  status: string;
  created_at: number;
  updated_at: number;
}
export interface LocalPayoutsTables {
  local_payouts: LocalPayoutsTable;
}

/** Which moves the local processor allows (a real processor's life cycle). */
const NEXT: Record<string, PayoutStatus[]> = { pending: ['paid', 'failed', 'returned'], paid: ['returned'] };

/**
 * The local payout processor: it keeps each payout it was sent (pending), under our payout id so a
 * repeat sends nothing new, and moves it when told to (`settle`, the dev tools' stand-in for the
 * receiver's bank): pending → paid | failed | returned, paid → returned. Each move is reported once
 * to the listener, as a processor's webhook would.
 */
export class LocalPayouts implements PayoutProcessor {
  readonly kind = 'local';
  readonly methods: readonly PayoutMethod[] = ['lightning', 'stripe', 'paypal', 'venmo'];
  private listener: ((e: PayoutEvent) => Promise<void>) | null = null;

  constructor(private readonly db: Kysely<LocalPayoutsTables>) {}

  onEvent(listener: (e: PayoutEvent) => Promise<void>): void {
    this.listener = listener;
  }

  async send(req: PayoutRequest): Promise<PayoutResult> {
    const ref = `lpo_${req.id}`;
    const now = Date.now();
    await this.db
      .insertInto('local_payouts')
      .values({ ref, method: req.method, address: req.address, amount: req.amount, status: 'pending', created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('ref').doNothing())
      .execute();
    return this.status(ref);
  }

  async status(ref: string): Promise<PayoutResult> {
    const row = await this.db.selectFrom('local_payouts').select(['ref', 'status']).where('ref', '=', ref).executeTakeFirst();
    if (!row) return { ref, status: 'failed', reason: 'Unknown payout.' };
    return { ref, status: row.status as PayoutStatus };
  }

  /** Moves a payout (paid, failed or returned) and reports it; false when that move is not allowed now. */
  async settle(ref: string, status: PayoutStatus, reason?: string): Promise<boolean> {
    const row = await this.db.selectFrom('local_payouts').select('status').where('ref', '=', ref).executeTakeFirst();
    if (!row || !(NEXT[row.status] ?? []).includes(status)) return false;
    const moved = await this.db
      .updateTable('local_payouts')
      .set({ status, updated_at: Date.now() })
      .where('ref', '=', ref)
      .where('status', '=', row.status)
      .returning('ref')
      .executeTakeFirst();
    if (!moved) return false;
    await this.listener?.({
      eventId: `lpe_${crypto.createHash('sha256').update(`${ref}:${status}`).digest('hex').slice(0, 24)}`,
      ref,
      status,
      reason,
    });
    return true;
  }
}
