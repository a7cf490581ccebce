import crypto from 'node:crypto';

/** HTTP Digest (RFC 2617 / RFC 8760 MD5, qop=auth) as SIP uses it for REGISTER and INVITE. */
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** What a registrar stores instead of a password: HA1 = MD5(username:realm:password). */
export const ha1 = (username: string, realm: string, password: string) => md5(`${username}:${realm}:${password}`);

export function parseAuth(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  const body = value.replace(/^\s*Digest\s+/i, '');
  for (const m of body.matchAll(/([a-zA-Z-]+)\s*=\s*("([^"]*)"|[^,\s]+)/g)) out[m[1]!.toLowerCase()] = m[3] ?? m[2]!;
  return out;
}

/** Nonces are an HMAC of their time, so any process with the key checks them without storing state. */
export class DigestServer {
  private readonly key = crypto.randomBytes(32);
  constructor(
    readonly realm: string,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  challenge(): string {
    const t = Date.now().toString(36);
    const nonce = `${t}.${crypto.createHmac('sha256', this.key).update(t).digest('base64url').slice(0, 22)}`;
    return `Digest realm="${this.realm}", nonce="${nonce}", algorithm=MD5, qop="auth"`;
  }

  private nonceFresh(nonce: string): boolean {
    const [t, mac] = nonce.split('.');
    if (!t || !mac) return false;
    const want = crypto.createHmac('sha256', this.key).update(t).digest('base64url').slice(0, 22);
    if (want.length !== mac.length || !crypto.timingSafeEqual(Buffer.from(want), Buffer.from(mac))) return false;
    return Date.now() - parseInt(t, 36) < this.ttlMs;
  }

  /** True when `auth` (the Authorization header's fields) proves knowledge of the password behind `storedHa1`. */
  verify(auth: Record<string, string>, method: string, storedHa1: string): boolean {
    if (!auth.nonce || !auth.response || !auth.uri || auth.realm !== this.realm || !this.nonceFresh(auth.nonce)) return false;
    const ha2 = md5(`${method}:${auth.uri}`);
    const want = auth.qop
      ? md5(`${storedHa1}:${auth.nonce}:${auth.nc}:${auth.cnonce}:${auth.qop}:${ha2}`)
      : md5(`${storedHa1}:${auth.nonce}:${ha2}`);
    return want.length === auth.response.length && crypto.timingSafeEqual(Buffer.from(want), Buffer.from(auth.response));
  }
}

/** The Authorization header a client sends in answer to a challenge (WWW- or Proxy-Authenticate). */
export function authorize(challenge: string, creds: { username: string; password: string }, method: string, uri: string): string {
  const c = parseAuth(challenge);
  const realm = c.realm ?? '';
  const h1 = ha1(creds.username, realm, creds.password);
  const h2 = md5(`${method}:${uri}`);
  const fields = [`username="${creds.username}"`, `realm="${realm}"`, `nonce="${c.nonce ?? ''}"`, `uri="${uri}"`, 'algorithm=MD5'];
  if (
    c.qop &&
    c.qop
      .split(',')
      .map((s) => s.trim())
      .includes('auth')
  ) {
    const cnonce = crypto.randomBytes(8).toString('hex');
    const nc = '00000001';
    fields.push(`response="${md5(`${h1}:${c.nonce}:${nc}:${cnonce}:auth:${h2}`)}"`, 'qop=auth', `nc=${nc}`, `cnonce="${cnonce}"`);
  } else fields.push(`response="${md5(`${h1}:${c.nonce}:${h2}`)}"`);
  if (c.opaque) fields.push(`opaque="${c.opaque}"`);
  return `Digest ${fields.join(', ')}`;
}
