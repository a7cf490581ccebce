import crypto from 'node:crypto';
import bolt11 from 'bolt11';
import type { Kysely } from 'kysely';
import { providerKey, type ProviderKeysTable } from '../keys.ts';
import { REGTEST, type InvoiceState, type LightningInvoice, type LightningNode } from './index.ts';

export interface LocalLnInvoicesTable {
  payment_hash: string;
  preimage: string;
  bolt11: string;
  amount_msat: number;
  expires_at: number;
  settled_at: number | null;
  created_at: number;
}

export interface LocalLightningTables {
  local_ln_invoices: LocalLnInvoicesTable;
  provider_keys: ProviderKeysTable;
}

/**
 * The local Lightning node (regtest). Each invoice gets a random 32-byte preimage; its SHA-256 is the
 * payment hash in a BOLT11 invoice signed with the node's secp256k1 key (kept in the database), so any
 * standard decoder reads it and recovers the node's public key. `pay` is the local payer: it settles an
 * open, unexpired invoice once and hands back the preimage, as a paying wallet would receive it.
 */
export class LocalLightningNode implements LightningNode {
  readonly kind = 'local' as const;
  private listener: ((paymentHash: string) => Promise<void>) | null = null;

  constructor(private readonly db: Kysely<LocalLightningTables>) {}

  onSettled(listener: (paymentHash: string) => Promise<void>): void {
    this.listener = listener;
  }

  private nodeKey(): Promise<string> {
    return providerKey(this.db, 'ln_node_key', () => {
      const ecdh = crypto.createECDH('secp256k1');
      ecdh.generateKeys();
      return ecdh.getPrivateKey('hex').padStart(64, '0');
    });
  }

  async createInvoice(input: { amountMsat: number; description: string; expirySeconds: number }): Promise<LightningInvoice> {
    const preimage = crypto.randomBytes(32);
    const paymentHash = crypto.createHash('sha256').update(preimage).digest('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    const unsigned = bolt11.encode({
      network: REGTEST,
      millisatoshis: String(input.amountMsat),
      timestamp,
      tags: [
        { tagName: 'payment_hash', data: paymentHash },
        { tagName: 'payment_secret', data: crypto.randomBytes(32).toString('hex') },
        { tagName: 'description', data: input.description.slice(0, 200) },
        { tagName: 'expire_time', data: input.expirySeconds },
      ],
    });
    const signed = bolt11.sign(unsigned, await this.nodeKey());
    const expiresAt = (timestamp + input.expirySeconds) * 1000;
    await this.db
      .insertInto('local_ln_invoices')
      .values({
        payment_hash: paymentHash,
        preimage: preimage.toString('hex'),
        bolt11: signed.paymentRequest!,
        amount_msat: input.amountMsat,
        expires_at: expiresAt,
        settled_at: null,
        created_at: Date.now(),
      })
      .execute();
    return { bolt11: signed.paymentRequest!, paymentHash, amountMsat: input.amountMsat, expiresAt };
  }

  async lookup(paymentHash: string): Promise<InvoiceState> {
    const row = await this.db
      .selectFrom('local_ln_invoices')
      .select(['settled_at', 'preimage'])
      .where('payment_hash', '=', paymentHash)
      .executeTakeFirst();
    return row?.settled_at != null ? { settled: true, preimage: row.preimage } : { settled: false };
  }

  /** The node's public key (what decoders recover from an invoice's signature). */
  async publicKey(): Promise<string> {
    const ecdh = crypto.createECDH('secp256k1');
    ecdh.setPrivateKey(Buffer.from(await this.nodeKey(), 'hex'));
    return ecdh.getPublicKey('hex', 'compressed');
  }

  /** Pays an invoice of this node: its preimage, or an error message (unknown, expired, already paid). */
  async pay(invoice: string, now = Date.now()): Promise<{ preimage: string; paymentHash: string } | { error: string }> {
    let hash: string | undefined;
    try {
      hash = bolt11.decode(invoice, REGTEST).tagsObject.payment_hash;
    } catch {
      return { error: 'That is not a valid Lightning invoice.' };
    }
    const row = hash
      ? await this.db.selectFrom('local_ln_invoices').selectAll().where('payment_hash', '=', hash).executeTakeFirst()
      : undefined;
    if (!row) return { error: 'This node did not issue that invoice.' };
    if (row.settled_at != null) return { error: 'That invoice is already paid.' };
    if (Number(row.expires_at) <= now) return { error: 'That invoice has expired.' };
    const settled = await this.db
      .updateTable('local_ln_invoices')
      .set({ settled_at: now })
      .where('payment_hash', '=', row.payment_hash)
      .where('settled_at', 'is', null)
      .returning('payment_hash')
      .executeTakeFirst();
    if (!settled) return { error: 'That invoice is already paid.' };
    await this.listener?.(row.payment_hash);
    return { preimage: row.preimage, paymentHash: row.payment_hash };
  }
}
