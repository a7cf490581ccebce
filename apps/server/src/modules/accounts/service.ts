import {
  AVATAR_MAX_BYTES,
  CHILD_TYPES,
  safePublicUrl,
  slugify,
  toAccountRef,
  USERNAME_PATTERN,
  type AccountType,
  type OrganizationFilter,
} from '@switchboard/core';
import type { ExpressionBuilder } from 'kysely';
import { fromJson } from '../../platform/db/columns.ts';
import type { Database, DbOrTx, Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import { sniffImage } from '../../platform/providers/files/index.ts';
import type { AdminsService } from '../admins/index.ts';
import { toAccount, toListItem } from './mappers.ts';
import { ACCOUNT_TYPE_MISMATCH, isSuperAdminUser } from './rules.ts';
import { accountsRepository, ilike, listBase, listPage, uniqueUsername, type AccountRow } from './repository.ts';
import { usageSum } from './repository/readModels.ts';

/**
 * Resellers the caller may place an organization under, by id: resellers of the acting partner's tree
 * (any reseller for a super admin). The access table's `organization.create` lookup.
 */
export async function resellersInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, AccountRow>> {
  const rows = await accountsRepository.findByIds(
    db,
    ids.map(Number).filter((n) => Number.isInteger(n) && n > 0),
  );
  const out = new Map<string | number, AccountRow>();
  for (const id of ids) {
    const r = rows.find((x) => x.id === Number(id));
    if (r && r.account_type === 'reseller' && (ctx.isSuperAdmin || [r.id, r.partner_id].includes(ctx.acting.id))) out.set(id, r);
  }
  return out;
}

function monthStart(offset: number): string {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return m.toISOString().slice(0, 10);
}

/**
 * `admins` invites a new child account's owner; `dropGrantsOf` removes what modules above accounts keep
 * for deleted accounts (memberships, sessions), in the deleting transaction. Both are wired in services.ts.
 */
export function createAccountsService(deps: Deps, admins: AdminsService, dropGrantsOf: (trx: Tx, accountIds: number[]) => Promise<void>) {
  const { db, config } = deps;

  function view(ctx: AuthContext, row: AccountRow) {
    return {
      success: true as const,
      ...toAccount(row, row.id === ctx.user.id ? ctx.isSuperAdmin : isSuperAdminUser(config, row)),
      permissions: ctx.permissions,
      user: {
        id: ctx.user.id,
        username: ctx.user.username,
        email: ctx.user.email,
        name: ctx.user.name,
        accountType: ctx.user.account_type,
        tempUser: ctx.user.temp_user === 1,
        superAdmin: ctx.isSuperAdmin,
      },
    };
  }

  /** Creates a child account of the acting account, optionally inviting an owner by e-mail. */
  async function createChild(
    ctx: AuthContext,
    parent: AccountRow,
    type: AccountType,
    input: { name: string; email?: string; redirectUrl?: string },
  ) {
    if (!CHILD_TYPES[parent.account_type]?.includes(type)) throw new AppError('rule_broken', ACCOUNT_TYPE_MISMATCH);
    await deps.requireAccess(ctx, 'canEditOrg');
    const name = input.name.trim();
    if (!name) throw badRequest('name: Please enter a name.', 'name');
    const child = await db.transaction().execute(async (trx) => {
      const username = await uniqueUsername(trx, slugify(name));
      const nameKey = { reseller: 'resellerName', organization: 'orgName', agent: 'agentName', partner: 'partnerName', user: 'name' }[type];
      const ref = toAccountRef(parent);
      const created = await accountsRepository.insert(trx, {
        username,
        accountType: type,
        parentId: parent.id,
        partnerId: type === 'reseller' ? parent.id : (ref.partnerId ?? (parent.account_type === 'partner' ? parent.id : null)),
        resellerId: type === 'organization' && parent.account_type === 'reseller' ? parent.id : (ref.resellerId ?? null),
        organizationId: type === 'agent' ? parent.id : null,
        accountName: name,
        name: type === 'agent' ? name : null,
        details: { accountName: name, [nameKey]: name },
      });
      // Partners, resellers and organizations carry their own id as organizationId (spec §6 flags).
      const self: Partial<AccountRow> =
        type === 'reseller'
          ? { reseller_id: created.id, organization_id: created.id }
          : type === 'organization'
            ? { organization_id: created.id }
            : {};
      const row = Object.keys(self).length ? await accountsRepository.update(trx, created.id, self) : created;
      await accountsRepository.recordEvent(trx, row.id, ctx.user.id, 'created', { type, parentId: parent.id });
      return row;
    });
    if (input.email) {
      await admins.invite(ctx, child, { email: input.email, isOwner: true, redirectUrl: input.redirectUrl });
    }
    return { success: true as const, id: child.id, account: toListItem(child) };
  }

  async function page(
    where: (eb: ExpressionBuilder<Database, 'accounts'>) => ReturnType<ExpressionBuilder<Database, 'accounts'>['and']>,
    p: { page: number; pageSize: number; pagination: boolean },
  ) {
    const { rows, total } = await listPage(db, where, p);
    return { success: true as const, accounts: rows.map(toListItem), totalAccounts: total };
  }

  return {
    view,

    /**
     * The accounts a user owns or was invited to (`memberships`: the admins module's rows for the user),
     * oldest first; users and temporary accounts left out.
     */
    async accountsOfUser(userId: number, memberships: { account_id: number; is_owner: number }[]) {
      const owner = new Map(memberships.map((m) => [m.account_id, m.is_owner === 1]));
      const rows = await accountsRepository.findByIds(db, [userId, ...owner.keys()]);
      return rows
        .filter((r) => r.account_type !== 'user' && r.temp_user !== 1)
        .sort((a, b) => a.id - b.id)
        .map((r) => ({ ...toListItem(r), isOwner: r.id === userId || owner.get(r.id) === true }));
    },

    /** A user's latest device check-in of a kind, or null. */
    async latestCheckIn(userId: number, kind: string) {
      const row = await accountsRepository.latestCheckIn(db, userId, kind);
      return row ? { ...fromJson<Record<string, unknown>>(row.details, {}), createdAt: Number(row.created_at) } : null;
    },

    async addCheckIn(userId: number, kind: string, details: Record<string, unknown>): Promise<void> {
      await accountsRepository.addCheckIn(db, userId, kind, details);
    },

    /** An account as stored now (undefined when deleted). */
    reload(accountId: number): Promise<AccountRow | undefined> {
      return accountsRepository.findById(db, accountId);
    },

    async update(ctx: AuthContext, input: { name?: string; accountName?: string; details?: Record<string, unknown> }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const details = { ...fromJson<Record<string, unknown>>(ctx.acting.details, {}), ...(input.details ?? {}) };
      const row = await accountsRepository.update(db, ctx.acting.id, {
        ...(input.name !== undefined ? { name: input.name.trim() || null } : {}),
        ...(input.accountName !== undefined ? { account_name: input.accountName.trim() || null } : {}),
        details,
      });
      return view(ctx, row);
    },

    /** Merges top-level settings keys; `onboarding.onboardingComplete` is mirrored for search. */
    async saveSettings(ctx: AuthContext, settings: Record<string, unknown>) {
      const merged = { ...fromJson<Record<string, unknown>>(ctx.acting.settings, {}), ...settings };
      const onboarding = merged.onboarding as { onboardingComplete?: boolean } | undefined;
      const row = await accountsRepository.update(db, ctx.acting.id, {
        settings: merged,
        onboarding_complete: onboarding?.onboardingComplete ? 1 : 0,
      });
      return { success: true as const, settings: fromJson<Record<string, unknown>>(row.settings, {}) };
    },

    async saveSocialLinks(
      ctx: AuthContext,
      input: { socialLinks: { type: string; url: string }[]; socialLinksPosition?: 'top' | 'bottom' },
    ) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const links = input.socialLinks.map((l, i) => {
        const url = safePublicUrl(l.url);
        if (!url) throw badRequest(`socialLinks.${i}.url: only http, https, mailto and tel links are allowed`, `socialLinks.${i}.url`);
        return { type: l.type, url };
      });
      const row = await accountsRepository.update(db, ctx.acting.id, {
        social_links: links,
        ...(input.socialLinksPosition ? { social_links_position: input.socialLinksPosition } : {}),
      });
      return view(ctx, row);
    },

    async saveAvatar(ctx: AuthContext, data: Buffer) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (data.length === 0) throw badRequest('file: the upload is empty', 'file');
      if (data.length > AVATAR_MAX_BYTES) throw badRequest('file: images may be at most 5 MB', 'file');
      const kind = sniffImage(data);
      if (!kind) throw badRequest('file: must be a PNG, JPEG, WebP or GIF image', 'file');
      const stored = await deps.files.put(`avatar-${ctx.acting.id}`, data, kind.extension);
      const details = { ...fromJson<Record<string, unknown>>(ctx.acting.details, {}), image: stored.url };
      const row = await accountsRepository.update(db, ctx.acting.id, { profile_image: stored.url, details });
      return { ...view(ctx, row), url: stored.url };
    },

    async updateUsername(ctx: AuthContext, targetUsername: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const username = targetUsername.trim().toLowerCase();
      if (!USERNAME_PATTERN.test(username)) {
        throw badRequest('targetUsername: use 3 to 32 lowercase letters, digits and single hyphens', 'targetUsername');
      }
      if (username === ctx.acting.username) return view(ctx, ctx.acting);
      try {
        const row = await db.transaction().execute(async (trx) => {
          if (await accountsRepository.usernameTaken(trx, username)) throw conflict('That username is taken.', 'targetUsername');
          return accountsRepository.update(trx, ctx.acting.id, { username });
        });
        return view(ctx, row);
      } catch (err) {
        // Two requests racing for one name: the unique index decides.
        if (err instanceof AppError) throw err;
        if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('That username is taken.', 'targetUsername');
        throw err;
      }
    },

    createReseller: (ctx: AuthContext, input: { name: string; email?: string; redirectUrl?: string }) =>
      createChild(ctx, ctx.acting, 'reseller', input),

    async createOrganization(ctx: AuthContext, input: { name: string; email?: string; resellerId?: number; redirectUrl?: string }) {
      // Under a reseller of the caller's tree, or (no resellerId, or the acting reseller's own) under the acting account.
      const under = input.resellerId != null && input.resellerId !== ctx.acting.id ? [input.resellerId] : [];
      const found = await deps.requireAccess(ctx, 'organization.create', under);
      const parent = under.length ? found.get(under[0]!)! : ctx.acting;
      return createChild(ctx, parent, 'organization', input);
    },

    createAgent: (ctx: AuthContext, input: { name: string; accountName?: string; email?: string; redirectUrl?: string }) =>
      createChild(ctx, ctx.acting, 'agent', { ...input, name: input.accountName?.trim() || input.name }),

    /** Deletes the acting account and everything below it; their sessions stop working. */
    async remove(ctx: AuthContext, expectType?: AccountType) {
      if (expectType && ctx.acting.account_type !== expectType) throw new AppError('rule_broken', ACCOUNT_TYPE_MISMATCH);
      await deps.requireAccess(ctx, 'canDeleteOrg');
      if (ctx.acting.id === ctx.user.id && ctx.acting.account_type === 'partner' && !ctx.isSuperAdmin) {
        throw forbidden('A partner account can only be deleted by a super admin.');
      }
      await db.transaction().execute(async (trx) => {
        const ids = [ctx.acting.id, ...(await accountsRepository.descendantIds(trx, ctx.acting.id))];
        await accountsRepository.softDelete(trx, ids);
        await dropGrantsOf(trx, ids);
        await accountsRepository.recordEvent(trx, ctx.acting.id, ctx.user.id, 'deleted', { ids });
      });
      return { success: true as const, message: 'Account deleted.' };
    },

    async listOrganizations(
      ctx: AuthContext,
      q: { page: number; pageSize: number; pagination: boolean; active?: boolean; search?: string; resellerId?: number },
    ) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const acting = ctx.acting;
      return page(
        (eb) =>
          eb.and([
            listBase(eb, 'organization', acting),
            ...(q.resellerId ? [eb('reseller_id', '=', q.resellerId)] : []),
            ...(q.active === true ? [eb('disabled_at', 'is', null)] : q.active === false ? [eb('disabled_at', 'is not', null)] : []),
            ...(q.search ? [eb.or([ilike('account_name', q.search), ilike('username', q.search), ilike('email', q.search)])] : []),
          ]),
        q,
      );
    },

    async listResellers(ctx: AuthContext, q: { page: number; pageSize: number; pagination: boolean; active?: boolean; search?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const acting = ctx.acting;
      return page(
        (eb) =>
          eb.and([
            listBase(eb, 'reseller', acting),
            ...(q.active === true ? [eb('disabled_at', 'is', null)] : q.active === false ? [eb('disabled_at', 'is not', null)] : []),
            ...(q.search ? [eb.or([ilike('account_name', q.search), ilike('username', q.search)])] : []),
          ]),
        q,
      );
    },

    async listAgents(ctx: AuthContext, q: { page: number; pageSize: number; pagination: boolean; search?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const acting = ctx.acting;
      return page(
        (eb) =>
          eb.and([
            eb('account_type', '=', 'agent'),
            eb('organization_id', '=', acting.id),
            eb('deleted_at', 'is', null),
            ...(q.search ? [eb.or([ilike('account_name', q.search), ilike('username', q.search)])] : []),
          ]),
        q,
      );
    },

    /** spec §3 "Organization filter": ranges over usage, flags, billing ids and date ranges. */
    async searchOrganizations(ctx: AuthContext, f: OrganizationFilter) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const acting = ctx.acting;
      const cur = monthStart(0);
      const prev = monthStart(-1);
      const VOICE = ['voice', 'advancedVoice'];
      const MESSAGES = ['inbound-message', 'outbound-message'];
      // Voice counters are whole minutes (modules/calls), messages are counts: both compare as they are.
      const ranges: [string, string[], string | undefined, string | undefined][] = [
        ['voiceMinutesCurrent', VOICE, cur, undefined],
        ['voiceMinutesPrevious', VOICE, prev, cur],
        ['voiceMinutesAllTime', VOICE, undefined, undefined],
        ['messagesCurrent', MESSAGES, cur, undefined],
        ['messagesPrevious', MESSAGES, prev, cur],
        ['messagesAllTime', MESSAGES, undefined, undefined],
      ];
      const filters = f as Record<string, unknown>;
      return page((eb) => {
        const conds = [listBase(eb, 'organization', acting)];
        for (const [name, items, from, to] of ranges) {
          const min = filters[`${name}Min`] as number | undefined;
          const max = filters[`${name}Max`] as number | undefined;
          if (min != null) conds.push(eb(usageSum(eb, items, from, to), '>=', min));
          if (max != null) conds.push(eb(usageSum(eb, items, from, to), '<=', max));
        }
        if (f.search) conds.push(eb.or([ilike('account_name', f.search), ilike('username', f.search), ilike('email', f.search)]));
        if (f.resellerId) conds.push(eb('reseller_id', '=', f.resellerId));
        if (f.onboardingComplete != null) conds.push(eb('onboarding_complete', '=', f.onboardingComplete ? 1 : 0));
        if (f.subscribed != null) conds.push(f.subscribed ? eb('subscribed_at', 'is not', null) : eb('subscribed_at', 'is', null));
        if (f.canceled != null) conds.push(f.canceled ? eb('canceled_at', 'is not', null) : eb('canceled_at', 'is', null));
        if (f.productPlanId) conds.push(eb('product_plan_id', '=', f.productPlanId));
        if (f.productPlanTerm) conds.push(eb('product_plan_term', '=', f.productPlanTerm));
        if (f.billingSubscriptionId) conds.push(eb('billing_subscription_id', '=', f.billingSubscriptionId));
        if (f.billingId) conds.push(eb('billing_id', '=', f.billingId));
        if (f.externalAccountId) conds.push(eb('external_account_id', '=', f.externalAccountId));
        if (f.createdFrom != null) conds.push(eb('created_at', '>=', f.createdFrom));
        if (f.createdTo != null) conds.push(eb('created_at', '<=', f.createdTo));
        if (f.canceledFrom != null) conds.push(eb('canceled_at', '>=', f.canceledFrom));
        if (f.canceledTo != null) conds.push(eb('canceled_at', '<=', f.canceledTo));
        if (f.active === true) conds.push(eb('disabled_at', 'is', null));
        if (f.active === false) conds.push(eb('disabled_at', 'is not', null));
        return eb.and(conds);
      }, f);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
