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

/** What the node knows of one of its invoices. */
export interface InvoiceState {
  settled: boolean;
  /** Hex, once settled (a real node reveals it). */
  preimage?: string;
}

export interface LightningNode {
  readonly kind: 'local' | 'lnd' | 'lnbits';
  /** Asks the node whether one of its invoices is paid (a node without push is polled this way). */
  lookup(paymentHash: string): Promise<InvoiceState>;
  createInvoice(input: { amountMsat: number; description: string; expirySeconds: number }): Promise<LightningInvoice>;
  /** Called when an invoice of this node is paid (a real node's invoice subscription). */
  onSettled(listener: (paymentHash: string) => Promise<void>): void;
}

/** Regtest: the local node's invoices can never be paid with real bitcoin. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] };
