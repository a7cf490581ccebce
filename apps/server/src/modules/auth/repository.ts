import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { toJson } from '../../platform/db/columns.ts';
import { compiledRead } from '../../platform/db/compiled.ts';
import type { Database, DbOrTx } from '../../db.ts';
import type { TokensTable, VerificationCodesTable } from './tables.ts';

export type TokenRow = Selectable<TokensTable>;
export type CodeRow = Selectable<VerificationCodesTable>;

/** Every authenticated request looks its token up: compiled once (platform/db/compiled.ts). */
const liveTokenByHash = compiledRead<TokenRow>((db, hash) =>
  (db as Kysely<Database>)
    .selectFrom('tokens')
    .selectAll()
    .where('token_hash', '=', hash as string)
    .where('revoked_at', 'is', null),
);

/** Tokens are 256 random bits; only their SHA-256 is stored. */
export function newTokenValue(): string {
  return `sb_${crypto.randomBytes(32).toString('base64url')}`;
}
export function hashToken(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
function newTokenId(): string {
  return `tok_${crypto.randomBytes(9).toString('base64url')}`;
}

/** Codes are six digits; stored as a salted SHA-256 and compared in constant time. */
export function newCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}
export function hashCode(code: string, salt: string): string {
  return crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');
}
export function codeMatches(row: Pick<CodeRow, 'code_hash' | 'salt'>, code: string): boolean {
  const a = Buffer.from(hashCode(code, row.salt), 'hex');
  const b = Buffer.from(row.code_hash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface IssueToken {
  kind: TokensTable['kind'];
  userId: number;
  accountId?: number | null;
  description?: string | null;
  apiType?: string | null;
  redirectUrl?: string | null;
  expiresAt?: number | null;
}

export const tokensRepository = {
  async issue(db: DbOrTx, t: IssueToken): Promise<{ id: string; value: string }> {
    const value = newTokenValue();
    const id = newTokenId();
    await db
      .insertInto('tokens')
      .values({
        id,
        token_hash: hashToken(value),
        kind: t.kind,
        user_id: t.userId,
        account_id: t.accountId ?? null,
        description: t.description ?? null,
        api_type: t.apiType ?? null,
        redirect_url: t.redirectUrl ?? null,
        preview: value.slice(-4),
        created_at: Date.now(),
        expires_at: t.expiresAt ?? null,
        last_used_at: null,
        consumed_at: null,
        revoked_at: null,
      })
      .execute();
    return { id, value };
  },

  async findLiveByValue(db: DbOrTx, value: string): Promise<TokenRow | undefined> {
    const [row] = await liveTokenByHash(db, hashToken(value));
    if (!row) return undefined;
    if (row.expires_at != null && row.expires_at < Date.now()) return undefined;
    return row;
  },

  /** Which of these token ids are live (not revoked, not expired). */
  async liveIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('tokens')
      .select(['id', 'expires_at'])
      .where('id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute();
    const now = Date.now();
    return new Set(rows.filter((r) => r.expires_at == null || r.expires_at >= now).map((r) => r.id));
  },

  /** Marks a one-time token used; false when another request used it first. */
  async consume(db: DbOrTx, id: string): Promise<boolean> {
    const res = await db
      .updateTable('tokens')
      .set({ consumed_at: Date.now() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db.updateTable('tokens').set({ last_used_at: Date.now() }).where('id', '=', id).execute();
  },

  async listApiTokens(db: DbOrTx, accountId: number): Promise<TokenRow[]> {
    return db
      .selectFrom('tokens')
      .selectAll()
      .where('kind', '=', 'api')
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  },

  async revokeApiToken(db: DbOrTx, accountId: number, id: string): Promise<boolean> {
    const res = await db
      .updateTable('tokens')
      .set({ revoked_at: Date.now() })
      .where('id', '=', id)
      .where('kind', '=', 'api')
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async revokeById(db: DbOrTx, id: string): Promise<void> {
    await db.updateTable('tokens').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
  },

  async revokeAllFor(db: DbOrTx, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .updateTable('tokens')
      .set({ revoked_at: Date.now() })
      .where('user_id', 'in', userIds)
      .where('revoked_at', 'is', null)
      .execute();
  },
};

export const codesRepository = {
  async insert(
    db: DbOrTx,
    c: {
      channel: 'email' | 'sms';
      address: string;
      purpose: string;
      code: string;
      accountId?: number | null;
      payload?: unknown;
      ttlMs: number;
    },
  ): Promise<number> {
    const salt = crypto.randomBytes(12).toString('hex');
    const now = Date.now();
    const row = await db
      .insertInto('verification_codes')
      .values({
        channel: c.channel,
        address: c.address,
        purpose: c.purpose,
        code_hash: hashCode(c.code, salt),
        salt,
        account_id: c.accountId ?? null,
        payload: toJson(c.payload ?? {}),
        created_at: now,
        expires_at: now + c.ttlMs,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async sentSince(db: DbOrTx, address: string, since: number): Promise<number> {
    const row = await db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', address)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The newest unconsumed code for an address and purpose (a new code replaces older ones). */
  async latest(db: DbOrTx, address: string, purposes: string[]): Promise<CodeRow | undefined> {
    return db
      .selectFrom('verification_codes')
      .selectAll()
      .where('address', '=', address)
      .where('purpose', 'in', purposes)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Counts a failed attempt atomically; returns the attempts now used. */
  async addAttempt(db: DbOrTx, id: number): Promise<number> {
    const row = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  },

  /** Consumes a code once; false if another request consumed it first. */
  async consume(db: DbOrTx, id: number): Promise<boolean> {
    const res = await db
      .updateTable('verification_codes')
      .set({ consumed_at: Date.now() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
};
