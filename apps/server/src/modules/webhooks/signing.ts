import crypto from 'node:crypto';

/**
 * Signatures (docs/webhooks.md). The secret reads `whsec_<base64>`; the key is the decoded bytes.
 * - Switchboard-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<body>")>`
 * - Standard Webhooks: webhook-id, webhook-timestamp, and webhook-signature
 *   `v1,<base64 HMAC-SHA256(key, "<id>.<t>.<body>")>`, which its reference libraries verify.
 */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

export function signatureHeaders(secret: string, id: string, timestampSec: number, body: string): Record<string, string> {
  const key = keyOf(secret);
  const v1 = crypto.createHmac('sha256', key).update(`${timestampSec}.${body}`).digest('hex');
  const standard = crypto.createHmac('sha256', key).update(`${id}.${timestampSec}.${body}`).digest('base64');
  return {
    'switchboard-id': id,
    'switchboard-timestamp': String(timestampSec),
    'switchboard-signature': `t=${timestampSec},v1=${v1}`,
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': `v1,${standard}`,
  };
}

/** What a receiver does (and the tests): recompute, compare in constant time, refuse old timestamps. */
export function verifySwitchboardSignature(secret: string, header: string, body: string, nowSec: number, toleranceSec = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  // A missing or non-numeric clock must fail the check, not pass it (NaN compares false).
  if (!Number.isFinite(t) || !Number.isFinite(nowSec) || !(Math.abs(nowSec - t) <= toleranceSec) || !parts.v1) return false;
  const expected = crypto.createHmac('sha256', keyOf(secret)).update(`${t}.${body}`).digest();
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}
