import { formatUsdMicros } from '@switchboard/core';
import { INVOICE_UNITS, type InvoiceUnit, type PendingInvoice, type WalletTransaction } from '@switchboard/core/contracts/wallet';
import type { LightningInvoiceRow, CheckoutRow } from './repository/checkouts.ts';
import type { TransferRow } from './ledger.ts';

const MEMO_OF_KIND: Record<string, string> = {
  card_topup: 'Added funds by card',
  lightning_topup: 'Added funds by Lightning',
  subscription: 'Plan subscription',
  refund: 'Refund',
  charge: 'Usage charge',
  payout: 'Withdrawal',
  payout_failed: 'Withdrawal failed: the money is back',
  payout_returned: 'Withdrawal returned: the money is back',
  reward: 'Reward',
  renewal: 'Plan renewal',
  dispute_hold: 'Card payment disputed: amount held',
  dispute_won: 'Dispute won: the money is back',
  dispute_lost: 'Dispute lost: the payment was returned to the card',
  dispute_collected: 'Card dispute: owed amount paid from funds added',
};

/** A withdrawal as the transaction list says it, by payout method. */
export const WITHDRAWAL_MEMO: Record<string, string> = {
  lightning: 'Withdrawal by Lightning',
  stripe: 'Withdrawal to your bank account',
  paypal: 'Withdrawal to PayPal',
  venmo: 'Withdrawal to Venmo',
};

/** Rows written before the memos above read "Withdrawal (paypal)": shown in the same words. */
function readableMemo(memo: string | null): string | null {
  const old = memo?.match(/^Withdrawal \((\w+)\)$/);
  return old ? (WITHDRAWAL_MEMO[old[1]!] ?? memo) : memo;
}

export function toTransaction(t: TransferRow & { signedAmount: number }): WalletTransaction {
  return {
    id: t.id,
    kind: t.kind,
    amount: t.signedAmount,
    amountUsd: formatUsdMicros(t.signedAmount),
    memo: readableMemo(t.memo) ?? MEMO_OF_KIND[t.kind] ?? null,
    createdAt: t.created_at,
  };
}

export function toInvoice(r: LightningInvoiceRow): PendingInvoice {
  return {
    invoice: r.bolt11,
    paymentHash: r.payment_hash,
    amountMsat: r.amount_msat,
    amount: r.amount_usd,
    amountUsd: formatUsdMicros(r.amount_usd),
    unit: (INVOICE_UNITS as readonly string[]).includes(r.unit) ? (r.unit as InvoiceUnit) : 'USD',
    slug: r.slug,
    status: r.status,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  };
}

export function toCheckout(r: CheckoutRow) {
  return {
    id: r.id,
    purpose: r.purpose,
    status: r.status,
    amount: r.amount,
    amountUsd: formatUsdMicros(r.amount),
    createdAt: r.created_at,
  };
}
