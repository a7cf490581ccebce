import { permissionsFor, selfAndAncestors, toAccountRef, type AccountType, type PermissionSet } from '@switchboard/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db.ts';
import { ACCOUNT_TYPE_MISMATCH, anyAccountDisabled, findAccount, isSuperAdminUser, type AccountRow } from '../accounts/index.ts';
import { tokensRepository, type TokenRow } from './repository.ts';
import { findPrincipal, type Principal } from './repository/readModels.ts';
import { AppError, forbidden, unauthorized } from '../../platform/http/errors.ts';
import type { AuthMode } from '../../platform/http/route.ts';
import { requireRole } from '../../platform/access/index.ts';

/**
 * Who is calling and which account they act on. Resolved once per request, in one place, for every
 * route: the token (query `token`, `Authorization: Bearer`, or `adminToken`), then the acting account
 * from `targetAccountId` / `targetOrganizationId` / `targetResellerId` / `targetPartnerId`, which must
 * lie inside the caller's tree.
 */
export interface AuthContext {
  token: TokenRow;
  /** The signed-in person (an account row: an organization owner, a `user`, a temp user). */
  user: AccountRow;
  isSuperAdmin: boolean;
  /** The account the request acts on. */
  acting: AccountRow;
  /** The accounts the user was granted (its own account and its memberships). */
  rootIds: number[];
  permissions: PermissionSet;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const TARGET_PARAMS = [
  ['targetAccountId', null],
  ['targetOrganizationId', 'organization'],
  ['targetResellerId', 'reseller'],
  ['targetPartnerId', 'partner'],
] as const;

function readParam(request: FastifyRequest, name: string): string | undefined {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const v = q[name] ?? b[name];
  return v == null || v === '' ? undefined : String(v);
}

/** `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 9110 §11.1). */
function bearer(request: FastifyRequest): string | undefined {
  const m = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m?.[1];
}

async function resolveToken(db: Db, value: string): Promise<Principal> {
  const principal = await findPrincipal(db, value);
  // A token that is unknown, revoked or expired, or whose user is gone, reads alike.
  if (!principal || principal.token.kind === 'one_time') throw unauthorized('Your session has expired. Please sign in again.');
  const { token, user } = principal;
  if (user.disabled_at != null) throw unauthorized('This account is disabled.');
  // Record use at most once a minute so reads stay reads.
  if (token.last_used_at == null || Date.now() - token.last_used_at > 60_000) await tokensRepository.touch(db, token.id);
  return principal;
}

/** What the resolver needs from a request: the tokens and the raw target parameters. */
export interface AuthInput {
  token?: string;
  adminToken?: string;
  /** targetAccountId / targetOrganizationId / targetResellerId / targetPartnerId as sent (the first set one counts). */
  targets: Partial<Record<(typeof TARGET_PARAMS)[number][0], string>>;
}

/** Reads the tokens (query string, spec §7, or Authorization header; never a body) and the target parameters. */
export function authInputOf(request: FastifyRequest): AuthInput {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const targets: AuthInput['targets'] = {};
  for (const [param] of TARGET_PARAMS) {
    const raw = readParam(request, param);
    if (raw != null) targets[param] = raw;
  }
  return {
    token: (typeof query.token === 'string' && query.token) || bearer(request),
    adminToken: (typeof query.adminToken === 'string' && query.adminToken) || undefined,
    targets,
  };
}

export async function resolveAuth(db: Db, config: Config, input: AuthInput): Promise<AuthContext | null> {
  const tokenValue = input.token;
  const adminValue = input.adminToken;
  if (!tokenValue && !adminValue) return null;

  const principal = await resolveToken(db, (tokenValue || adminValue)!);
  let isSuperAdmin = isSuperAdminUser(config, principal.user);
  // adminToken is a super admin's token, whether it comes alone or beside another session's.
  if (adminValue) {
    const admin = adminValue === tokenValue || !tokenValue ? principal : await resolveToken(db, adminValue);
    if (!isSuperAdminUser(config, admin.user)) throw forbidden('That admin token is not a super admin’s.');
    isSuperAdmin = true;
  }

  const memberships = principal.memberships;
  const rootIds = [principal.user.id, ...memberships.map((m) => m.account_id)];

  // Which account the request acts on.
  let targetId: number | undefined;
  let expectedType: string | null = null;
  for (const [param, type] of TARGET_PARAMS) {
    const raw = input.targets[param];
    if (raw == null) continue;
    // The input guard (platform/http/input.ts) has checked every selector against the id range.
    targetId = Number(raw);
    expectedType = type;
    break;
  }
  if (targetId == null) {
    targetId =
      principal.token.account_id ??
      defaultAccountId(
        principal.user,
        memberships.map((m) => m.account_id),
      );
  }

  const acting = targetId === principal.user.id ? principal.user : await findAccount(db, targetId);
  if (!acting) throw isSuperAdmin ? new AppError('not_found', 'Account not found.') : forbidden();

  const chain = selfAndAncestors(toAccountRef(acting));
  const root = rootIds.find((id) => chain.includes(id));
  if (root == null && !isSuperAdmin) throw forbidden();
  // An API token is bound to the account it was made for and that account's subtree.
  if (principal.token.kind === 'api' && principal.token.account_id != null && !chain.includes(principal.token.account_id)) {
    throw forbidden();
  }
  if (expectedType && acting.account_type !== expectedType) throw new AppError('rule_broken', ACCOUNT_TYPE_MISMATCH);

  if (!isSuperAdmin && acting.id !== principal.user.id) {
    if (await anyAccountDisabled(db, chain)) throw forbidden('This account is disabled.');
  }

  const rootRow =
    root == null ? null : root === acting.id ? acting : root === principal.user.id ? principal.user : await findAccount(db, root);
  const rootMembership = memberships.find((m) => m.account_id === root);
  const permissions = permissionsFor({
    userId: principal.user.id,
    accountId: acting.id,
    isSuperAdmin,
    viaReseller: rootRow != null && rootRow.id !== acting.id && ['partner', 'reseller'].includes(rootRow.account_type),
    agentOnly: rootRow?.account_type === 'agent',
    // The owner of an organization owns its agents too.
    invitedOwner: rootMembership?.is_owner === 1 || (rootRow != null && rootRow.id === principal.user.id),
  });

  return { token: principal.token, user: principal.user, isSuperAdmin, acting, rootIds, permissions };
}

/** A user acts on its own account, or (an invited user with none of its own) on its first grant. */
function defaultAccountId(user: AccountRow, granted: number[]): number {
  if (user.account_type === 'user' && !user.temp_user && granted.length > 0) return granted[0]!;
  return user.id;
}

/** The global hook: every route is authenticated unless its config says otherwise. */
export function registerAuth(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    // API routes are authenticated unless they say otherwise; plugin routes (docs UI, static files) are public.
    // Fastify builds `routeOptions` anew on every read: read it once.
    const { url = '', config: route } = request.routeOptions;
    const mode: AuthMode = route?.auth ?? (/^\/(api|internal)\//.test(url) ? 'required' : 'none');
    if (mode === 'none') return;
    let ctx: AuthContext | null;
    try {
      ctx = await resolveAuth(db, config, authInputOf(request));
    } catch (err) {
      if (mode !== 'optional' || !(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      ctx = null;
    }
    if (!ctx) {
      if (mode === 'optional') return;
      throw unauthorized();
    }
    if (mode === 'superAdmin' && !ctx.isSuperAdmin) throw forbidden('Only a super admin can do that.');
    const types = route?.actingTypes;
    if (types && !types.includes(ctx.acting.account_type as AccountType)) {
      throw new AppError('rule_broken', ACCOUNT_TYPE_MISMATCH);
    }
    request.auth = ctx;
  });
}

/** The resolved context of an authenticated route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A role-only check (the role half of platform/access's table), for code that needs no scoped lookup. */
export const requirePermission: (ctx: AuthContext, key: keyof PermissionSet) => void = requireRole;
