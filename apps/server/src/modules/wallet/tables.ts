import type { Generated } from 'kysely';
import type { LocalLightningTables } from '../../platform/providers/lightning/local.ts';
import type { LocalPaymentsTables } from '../../platform/providers/payments/local.ts';
import type { LocalPayoutsTables } from '../../platform/providers/payouts/local.ts';

/** A ledger account: a customer's wallet or one of the platform's own accounts (card clearing, Lightning node, revenue). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** 'wallet:<accountId>' or 'platform:<name>'. */
  code: string;
  owner_id: number | null;
  kind: string;
  /** Micro-USD; credits minus debits. */
  balance: Generated<number>;
  /** The lowest the balance may go (0 for wallets); null: no limit (the platform's outside-facing accounts). */
  min_balance: number | null;
  created_at: number;
}

/** One double-entry transfer: `amount` leaves the debit account and arrives in the credit account. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  kind: string;
  memo: string | null;
  created_at: number;
}

/** A card checkout we opened with the payments provider (its session id is ours). */
export interface CheckoutsTable {
  id: string;
  account_id: number;
  purpose: 'credit' | 'subscription';
  amount: number;
  product_plan_id: number | null;
  term: string | null;
  status: 'open' | 'paid' | 'canceled' | 'failed';
  provider: string;
  url: string;
  idempotency_key: string | null;
  created_at: number;
  updated_at: number;
}

/** Payment webhooks already handled, by the provider's event id (a replay changes nothing). */
export interface PaymentEventsTable {
  event_id: string;
  type: string;
  received_at: number;
}

/** An account's Lightning invoice (spec §4 Pending invoice: requested, paid, reset). */
export interface LightningInvoicesTable {
  id: Generated<number>;
  account_id: number;
  payment_hash: string;
  bolt11: string;
  amount_msat: number;
  amount_usd: number;
  status: 'pending' | 'paid' | 'reset';
  /** 1: asked for by a visitor on the account's pay link (never the owner's pending invoice). */
  pay_link: Generated<number>;
  /** The unit the amount was asked in: USD, SAT or MSAT. */
  unit: Generated<string>;
  /** The pay link's slug when a visitor asked on it; null for the account's own top-up. */
  slug: string | null;
  expires_at: number;
  created_at: number;
  paid_at: number | null;
}

export interface WalletTables extends LocalPaymentsTables, LocalLightningTables, LocalPayoutsTables {
  payouts: PayoutsTable;
  connected_accounts: ConnectedAccountsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  checkouts: CheckoutsTable;
  payment_events: PaymentEventsTable;
  disputes: DisputesTable;
  lightning_invoices: LightningInvoicesTable;
}

/** A withdrawal (spec §3 Payout): the amount is held in platform:pending_payouts until the processor settles it. */
export interface PayoutsTable {
  id: string;
  account_id: number;
  method: 'lightning' | 'stripe' | 'paypal' | 'venmo';
  address: string;
  amount: number;
  amount_msat: number | null;
  status: 'pending' | 'paid' | 'failed' | 'returned';
  provider: string;
  provider_ref: string | null;
  failure_reason: string | null;
  idempotency_key: string | null;
  created_at: number;
  updated_at: number;
}

/** An account connected for payouts (Stripe Connect, or the local stand-in). */
export interface ConnectedAccountsTable {
  account_id: number;
  provider: string;
  external_id: string;
  created_at: number;
}

/** A card dispute: the disputed amount held from the wallet (`held`) and what it could not cover (`owed`). */
export interface DisputesTable {
  id: string;
  account_id: number;
  checkout_id: string;
  amount: number;
  held: number;
  owed: number;
  status: 'open' | 'won' | 'lost';
  created_at: number;
  updated_at: number;
}
