import bolt11 from 'bolt11';
import { REGTEST } from '../../platform/providers/lightning/index.ts';

const NETWORKS: Record<string, Parameters<typeof bolt11.decode>[1] | undefined> = {
  lnbcrt: REGTEST,
  lntbs: { bech32: 'tbs', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
};

/** A BOLT11 invoice decoded and its signature checked (bolt11 recovers the payee key), or null. */
export function decodeInvoice(invoice: string) {
  const text = invoice
    .trim()
    .toLowerCase()
    .replace(/^lightning:/, '');
  if (!/^ln[a-z0-9]+$/.test(text) || text.length > 2000) return null;
  try {
    const prefix = Object.keys(NETWORKS).find((p) => text.startsWith(p));
    const d = bolt11.decode(text, prefix ? NETWORKS[prefix] : undefined);
    const hash = d.tagsObject.payment_hash;
    if (!hash) return null;
    return {
      paymentHash: hash,
      amountMsat: d.millisatoshis != null ? Number(d.millisatoshis) : null,
      description: d.tagsObject.description ?? null,
      payeeNodeKey: d.payeeNodeKey ?? null,
      expiresAt: (d.timeExpireDate ?? (d.timestamp ?? 0) + 3600) * 1000,
      network: d.network?.bech32 ?? 'bc',
    };
  } catch {
    return null;
  }
}
