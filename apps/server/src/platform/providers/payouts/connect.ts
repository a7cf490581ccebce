import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProviderKeysTable } from '../keys.ts';
import type { ConnectProvider } from './index.ts';

type Keys = Kysely<{ provider_keys: ProviderKeysTable }>;
interface LocalConnectState {
  customer: string;
  ready: boolean;
  successUrl?: string;
  failureUrl?: string;
}

/**
 * The local stand-in for Stripe Connect: connected accounts `lca_…` kept in `provider_keys`, an
 * onboarding page of our own (/pay/connect/:id) where the customer finishes (→ successUrl) or
 * abandons (→ failureUrl), after which payouts can go to the account.
 */
export class LocalConnect implements ConnectProvider {
  readonly kind = 'local';
  constructor(private readonly db: Keys) {}

  private async read(id: string): Promise<LocalConnectState | null> {
    const row = await this.db.selectFrom('provider_keys').select('value').where('name', '=', `connect:${id}`).executeTakeFirst();
    return row ? (JSON.parse(row.value) as LocalConnectState) : null;
  }
  private async write(id: string, state: LocalConnectState): Promise<void> {
    await this.db
      .insertInto('provider_keys')
      .values({ name: `connect:${id}`, value: JSON.stringify(state), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(state) }))
      .execute();
  }

  async createAccount(customer: string): Promise<string> {
    const id = `lca_${crypto.randomBytes(10).toString('hex')}`;
    await this.write(id, { customer, ready: false });
    return id;
  }

  async onboardingUrl(id: string, successUrl: string, failureUrl: string): Promise<string> {
    const state = await this.read(id);
    if (!state) throw new Error(`unknown connected account ${id}`);
    await this.write(id, { ...state, successUrl, failureUrl });
    return `/pay/connect/${id}`;
  }

  async isReady(id: string): Promise<boolean> {
    return (await this.read(id))?.ready === true;
  }

  /** What the onboarding page shows, or null for an unknown account. */
  async page(id: string): Promise<LocalConnectState | null> {
    return this.read(id);
  }

  /** The customer finishes or abandons onboarding: where to send them. */
  async finish(id: string, done: boolean): Promise<string | null> {
    const state = await this.read(id);
    if (!state?.successUrl || !state.failureUrl) return null;
    if (done) await this.write(id, { ...state, ready: true });
    return done ? state.successUrl : state.failureUrl;
  }
}
