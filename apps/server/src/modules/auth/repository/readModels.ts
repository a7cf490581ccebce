import type { Kysely, Selectable } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { dialectOf, fromJson } from '../../../platform/db/columns.ts';
import { compiledRead } from '../../../platform/db/compiled.ts';
import type { Database, DbOrTx } from '../../../db.ts';
import type { AccountRow } from '../../accounts/index.ts';
import type { AdminsTables } from '../../admins/index.ts';
import { hashToken, type TokenRow } from '../repository.ts';

/**
 * Auth's read model of other modules' tables, declared as such: every authenticated request reads its
 * token with the user's account (accounts' table) and the user's memberships (admins' table) in one
 * statement instead of three. Auth sits below admins in the module graph and cannot call it. Read-only.
 */
type MembershipRow = Selectable<AdminsTables['memberships']>;

const TOKEN_COLUMNS = [
  'id',
  'token_hash',
  'kind',
  'user_id',
  'account_id',
  'description',
  'api_type',
  'redirect_url',
  'preview',
  'created_at',
  'expires_at',
  'last_used_at',
  'consumed_at',
  'revoked_at',
] as const;
const MEMBERSHIP_COLUMNS = ['id', 'account_id', 'user_id', 'is_owner', 'invited_by', 'created_at'] as const;

/**
 * Read model of every authenticated request: a live token, its user's account row (not deleted) and
 * that user's memberships (in id order), in one statement instead of three. The token's columns come
 * prefixed `token_` beside the account's own; the memberships as a JSON array (text on SQLite).
 */
const principalByHash = compiledRead<AccountRow & Record<string, unknown>>((db, hash) => {
  const d = db as Kysely<Database>;
  const jsonArrayFrom = dialectOf(d) === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
  return d
    .selectFrom('tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.user_id')
    .selectAll('a')
    .select(TOKEN_COLUMNS.map((c) => `t.${c} as token_${c}` as const))
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('memberships as m')
          .select(MEMBERSHIP_COLUMNS.map((c) => `m.${c}` as const))
          .whereRef('m.user_id', '=', 't.user_id')
          .orderBy('m.id'),
      ).as('principal_memberships'),
    )
    .where('t.token_hash', '=', hash as string)
    .where('t.revoked_at', 'is', null)
    .where('a.deleted_at', 'is', null);
});

type Split = (row: Record<string, unknown>) => { token: TokenRow; user: AccountRow };
const splitters = new Map<string, Split>();

/**
 * Parts a principal row into the token and the account, as two object literals built by a function
 * made once per dialect from the row's column names (our schema's): copying ~40 columns key by key
 * made V8 fall back to a slow dictionary object on every request.
 */
function splitterOf(dialect: string, row: Record<string, unknown>): Split {
  let split = splitters.get(dialect);
  if (!split) {
    const field = (to: string, from: string) => `${JSON.stringify(to)}: r[${JSON.stringify(from)}]`;
    const account = Object.keys(row).filter((k) => !k.startsWith('token_') && k !== 'principal_memberships');
    const token = TOKEN_COLUMNS.map((c) => field(c, `token_${c}`));
    split = new Function(
      'r',
      `return { token: { ${token.join(', ')} }, user: { ${account.map((k) => field(k, k)).join(', ')} } };`,
    ) as Split;
    splitters.set(dialect, split);
  }
  return split;
}

/** A live token with its user and the user's memberships (see `principalByHash`). */
export interface Principal {
  token: TokenRow;
  user: AccountRow;
  memberships: MembershipRow[];
}

/**
 * The live token of this value (not revoked, not expired) with its user's account (not deleted) and
 * memberships, in one read; undefined when any is missing.
 */
export async function findPrincipal(db: DbOrTx, value: string): Promise<Principal | undefined> {
  const [row] = await principalByHash(db, hashToken(value));
  if (!row) return undefined;
  const { token, user } = splitterOf(dialectOf(db), row)(row);
  if (token.expires_at != null && token.expires_at < Date.now()) return undefined;
  const memberships = fromJson<MembershipRow[]>(row.principal_memberships, []);
  return { token, user, memberships };
}
