/**
 * Lightning: a node that issues BOLT11 invoices and tells when one is settled. The local default is a
 * node of our own (real invoices signed with its key, real preimage/hash pairs, expiry) that a local
 * payer page settles.
 */
export interface LightningInvoice {
  bolt11: string;
  paymentHash: string;
  amountMsat: number;
  /** Epoch ms. */
  expiresAt: number;
}

export interface LightningNode {
  readonly kind: 'local';
  createInvoice(input: { amountMsat: number; description: string; expirySeconds: number }): Promise<LightningInvoice>;
  /** Called when an invoice of this node is paid (a real node's invoice subscription). */
  onSettled(listener: (paymentHash: string) => Promise<void>): void;
}

/** Regtest: the local node's invoices can never be paid with real bitcoin. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] };
