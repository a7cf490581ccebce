import bolt11 from 'bolt11';
import { providerJson, unreadable } from '../failures.ts';
import type { InvoiceState, LightningInvoice, LightningNode } from './index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** The expiry (epoch ms) a BOLT11 invoice states. */
function expiryOf(invoice: string): number {
  const prefix = /^ln(bcrt|tbs|tb|bc)/i.exec(invoice)?.[1]?.toLowerCase();
  const network =
    prefix === 'bcrt'
      ? { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] }
      : prefix === 'tbs'
        ? { bech32: 'tbs', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] }
        : undefined;
  const d = bolt11.decode(invoice, network);
  return (d.timeExpireDate ?? (d.timestamp ?? 0) + 3600) * 1000;
}

/** A request to the node, its failures mapped (platform/providers/failures.ts). */
async function call(provider: 'lnd' | 'lnbits', what: string, url: string, init: RequestInit, timeoutMs: number): Promise<Loose> {
  return (await providerJson(url, init, { provider, what, timeoutMs })).body;
}

const b64ToHex = (s: string) => Buffer.from(s, 'base64').toString('hex');

/**
 * LND through its REST API: `POST /v1/invoices` (value_msat, memo, expiry) and `GET /v1/invoice/{r_hash hex}`,
 * authenticated by the invoice macaroon (hex) in the `Grpc-Metadata-macaroon` header. Settlement is polled.
 */
export class LndNode implements LightningNode {
  readonly kind = 'lnd' as const;
  constructor(private readonly opts: { url: string; macaroon: string; timeoutMs?: number }) {}
  onSettled(): void {
    // Polled with lookup (LND's invoice subscription is a stream we do not hold open).
  }
  private headers() {
    return { 'Grpc-Metadata-macaroon': this.opts.macaroon, 'content-type': 'application/json' };
  }
  async createInvoice(input: { amountMsat: number; description: string; expirySeconds: number }): Promise<LightningInvoice> {
    const body = await call(
      'lnd',
      'the invoice',
      `${this.opts.url.replace(/\/$/, '')}/v1/invoices`,
      {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({
          value_msat: String(input.amountMsat),
          memo: input.description.slice(0, 200),
          expiry: String(input.expirySeconds),
        }),
      },
      this.opts.timeoutMs ?? 10_000,
    );
    if (typeof body.payment_request !== 'string' || typeof body.r_hash !== 'string')
      throw unreadable('lnd', 'the invoice', 'no payment request');
    const bolt = String(body.payment_request);
    return { bolt11: bolt, paymentHash: b64ToHex(String(body.r_hash)), amountMsat: input.amountMsat, expiresAt: expiryOf(bolt) };
  }
  async lookup(paymentHash: string): Promise<InvoiceState> {
    const body = await call(
      'lnd',
      'the invoice lookup',
      `${this.opts.url.replace(/\/$/, '')}/v1/invoice/${paymentHash}`,
      { method: 'GET', headers: this.headers() },
      this.opts.timeoutMs ?? 10_000,
    );
    const settled = body.state === 'SETTLED' || body.settled === true;
    return settled ? { settled, preimage: body.r_preimage ? b64ToHex(String(body.r_preimage)) : undefined } : { settled: false };
  }
}

/**
 * LNbits through its wallet API: `POST /api/v1/payments` (out false, amount in whole sats, memo, expiry)
 * and `GET /api/v1/payments/{payment_hash}`, authenticated by the wallet's invoice key in `X-Api-Key`.
 * LNbits counts in sats, so an amount in msat is rounded up to the next sat.
 */
export class LnbitsNode implements LightningNode {
  readonly kind = 'lnbits' as const;
  constructor(private readonly opts: { url: string; apiKey: string; timeoutMs?: number }) {}
  onSettled(): void {
    // Polled with lookup.
  }
  private headers() {
    return { 'X-Api-Key': this.opts.apiKey, 'content-type': 'application/json' };
  }
  async createInvoice(input: { amountMsat: number; description: string; expirySeconds: number }): Promise<LightningInvoice> {
    const sats = Math.ceil(input.amountMsat / 1000);
    const body = await call(
      'lnbits',
      'the invoice',
      `${this.opts.url.replace(/\/$/, '')}/api/v1/payments`,
      {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ out: false, amount: sats, unit: 'sat', memo: input.description.slice(0, 200), expiry: input.expirySeconds }),
      },
      this.opts.timeoutMs ?? 10_000,
    );
    if (typeof (body.bolt11 ?? body.payment_request) !== 'string' || typeof body.payment_hash !== 'string')
      throw unreadable('lnbits', 'the invoice', 'no payment request');
    const bolt = String(body.bolt11 ?? body.payment_request);
    return { bolt11: bolt, paymentHash: String(body.payment_hash), amountMsat: sats * 1000, expiresAt: expiryOf(bolt) };
  }
  async lookup(paymentHash: string): Promise<InvoiceState> {
    const body = await call(
      'lnbits',
      'the invoice lookup',
      `${this.opts.url.replace(/\/$/, '')}/api/v1/payments/${paymentHash}`,
      {
        method: 'GET',
        headers: this.headers(),
      },
      this.opts.timeoutMs ?? 10_000,
    );
    return body.paid === true ? { settled: true, preimage: body.preimage ?? undefined } : { settled: false };
  }
}
