import type { Kysely } from 'kysely';
import { flag, jsonType, withId } from '../columns.ts';

/**
 * Billing and the credit wallet (modules/wallet, modules/billing): the double-entry ledger (accounts
 * with a balance and an optional lower limit; transfers with a unique idempotency key), card checkouts
 * and the payment webhooks seen, Lightning invoices, the local payment and Lightning providers' own
 * state, plans, offers and subscriptions. Money is integer micro-USD; Lightning amounts millisatoshis.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('ledger_accounts'))
    .addColumn('code', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer')
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_balance', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('ledger_transfers'))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('debit_account_id', 'integer', (c) => c.notNull())
    .addColumn('credit_account_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('memo', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transfers_debit_idx').on('ledger_transfers').columns(['debit_account_id', 'id']).execute();
  await db.schema.createIndex('ledger_transfers_credit_idx').on('ledger_transfers').columns(['credit_account_id', 'id']).execute();

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('product_plan_id', 'integer')
    .addColumn('term', 'varchar(10)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkouts_account_idx').on('checkouts').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('lightning_invoices'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('payment_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('bolt11', 'text', (c) => c.notNull())
    .addColumn('amount_msat', 'bigint', (c) => c.notNull())
    .addColumn('amount_usd', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('lightning_invoices_account_idx').on('lightning_invoices').columns(['account_id', 'status']).execute();

  // The local providers' own state (what a real processor or node would keep on its side).
  await db.schema
    .createTable('provider_keys')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('local_checkout_sessions')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('reference', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('success_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('cancel_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('local_ln_invoices')
    .addColumn('payment_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('preimage', 'varchar(64)', (c) => c.notNull())
    .addColumn('bolt11', 'text', (c) => c.notNull())
    .addColumn('amount_msat', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Plans (modules/billing).
  await withId(db, db.schema.createTable('product_plans'))
    .addColumn('owner_account_id', 'integer')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_month', 'bigint', (c) => c.notNull())
    .addColumn('price_year', 'bigint', (c) => c.notNull())
    .addColumn('items', jsonType(db), (c) => c.notNull())
    .addColumn('active', 'integer', flag)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('product_plans')
    .values(
      DEFAULT_PLANS.map((p) => ({
        owner_account_id: null,
        name: p.name,
        description: p.description,
        price_month: p.month,
        price_year: p.year,
        items: JSON.stringify(p.items),
        active: 1,
        created_at: 0,
      })),
    )
    .execute();
  await withId(db, db.schema.createTable('subscriptions'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('product_plan_id', 'integer', (c) => c.notNull())
    .addColumn('term', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('checkout_id', 'varchar(80)', (c) => c.unique())
    .addColumn('cancel_reason', 'varchar(200)')
    .addColumn('cancel_details', 'varchar(2000)')
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('canceled_at', 'bigint')
    .execute();
  await db.schema.createIndex('subscriptions_account_idx').on('subscriptions').columns(['account_id', 'status']).execute();
  await db.schema
    .createTable('plan_offers')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('product_plan_id', 'integer', (c) => c.notNull())
    .addColumn('offered_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

const open = (min: number, price: number) => ({ quantityMin: min, quantityMax: null, price });
const free = (max: number) => ({ quantityMin: 0, quantityMax: max, price: 0 });
/** The platform's own plans (micro-USD): included usage, then graduated prices; numbers by volume. */
const DEFAULT_PLANS = [
  {
    name: 'Pro',
    description: 'For a team with one busy line: 500 voice minutes and 2,000 messages each way included.',
    month: 49_000_000,
    year: 490_000_000,
    items: {
      voiceMinutes: { type: 'graduated', unit: 'minute', tiers: [free(500), open(501, 100_000)] },
      advancedVoiceMinutes: { type: 'graduated', unit: 'minute', tiers: [free(100), open(101, 250_000)] },
      messagesIn: { type: 'graduated', unit: 'message', tiers: [free(2000), open(2001, 5_000)] },
      messagesOut: { type: 'graduated', unit: 'message', tiers: [free(2000), open(2001, 10_000)] },
      tokens: { type: 'graduated', unit: 'token', tiers: [free(1_000_000), open(1_000_001, 1)] },
      numbers: { type: 'volume', unit: 'number', tiers: [free(1), open(2, 1_500_000)] },
    },
  },
  {
    name: 'Business',
    description: 'For several lines and agents: 3,000 voice minutes and 10,000 messages each way included.',
    month: 199_000_000,
    year: 1_990_000_000,
    items: {
      voiceMinutes: { type: 'graduated', unit: 'minute', tiers: [free(3000), open(3001, 80_000)] },
      advancedVoiceMinutes: { type: 'graduated', unit: 'minute', tiers: [free(600), open(601, 200_000)] },
      messagesIn: { type: 'graduated', unit: 'message', tiers: [free(10_000), open(10_001, 4_000)] },
      messagesOut: { type: 'graduated', unit: 'message', tiers: [free(10_000), open(10_001, 8_000)] },
      tokens: { type: 'graduated', unit: 'token', tiers: [free(10_000_000), open(10_000_001, 1)] },
      numbers: { type: 'volume', unit: 'number', tiers: [free(5), open(6, 1_000_000)] },
    },
  },
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'plan_offers',
    'subscriptions',
    'product_plans',
    'local_ln_invoices',
    'local_checkout_sessions',
    'provider_keys',
    'lightning_invoices',
    'payment_events',
    'checkouts',
    'ledger_transfers',
    'ledger_accounts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
