import { slugify } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import {
  findAccountByUsername,
  findPrincipalsByEmail,
  insertAccount,
  recordAccountEvent,
  toListItem,
  uniqueUsername,
  updateAccount,
} from '../accounts/index.ts';
import { superAdminReadModel } from './repository/readModels.ts';

/** The super admin's console: find accounts, disable and enable them, create partners. */
export function createSuperAdminService(deps: Deps) {
  const { db } = deps;

  async function byUsername(username: string) {
    const row = await findAccountByUsername(db, username.trim());
    if (!row) throw notFound(`No account with the username ${username}.`);
    return row;
  }

  return {
    async disable(ctx: AuthContext, input: { username: string; reason: string; details?: string }) {
      const row = await byUsername(input.username);
      if (row.id === ctx.user.id) throw badRequest('username: you cannot disable your own account', 'username');
      if (!input.reason.trim()) throw badRequest('reason: Please give a reason.', 'reason');
      await db.transaction().execute(async (trx) => {
        await updateAccount(trx, row.id, {
          disabled_at: Date.now(),
          disabled_reason: input.reason.trim(),
          disabled_details: input.details?.trim() || null,
        });
        await recordAccountEvent(trx, row.id, ctx.user.id, 'disabled', { reason: input.reason, details: input.details ?? null });
      });
      return { success: true as const, message: row.account_type === 'organization' ? 'Organization disabled!' : 'Account disabled!' };
    },

    async enable(ctx: AuthContext, input: { username: string }) {
      const row = await byUsername(input.username);
      await db.transaction().execute(async (trx) => {
        await updateAccount(trx, row.id, { disabled_at: null, disabled_reason: null, disabled_details: null });
        await recordAccountEvent(trx, row.id, ctx.user.id, 'enabled', {});
      });
      return { success: true as const, message: 'Account enabled!' };
    },

    /** Plain search: names and usernames. Enhanced: also e-mail, phone, id and admin users' e-mails. */
    async search(phrase: string, enhanced: boolean) {
      const p = phrase.trim();
      if (!p) throw badRequest('phrase: Please enter something to search for.', 'phrase');
      const rows = await superAdminReadModel.searchAccounts(db, p, enhanced);
      return {
        success: true as const,
        accounts: rows.map((r) => ({ ...toListItem(r), disabledReason: r.disabled_reason, phoneNumber: r.phone_number })),
      };
    },

    /** Partners sit at the top of a tree; only a super admin (or the CLI) makes one. */
    async createPartner(ctx: AuthContext | null, input: { name: string; email: string }) {
      const email = input.email.trim().toLowerCase();
      const existing = await findPrincipalsByEmail(db, email);
      if (existing.some((a) => a.account_type === 'partner')) throw conflict('That e-mail already has a partner account.', 'email');
      const row = await db.transaction().execute(async (trx) => {
        const created = await insertAccount(trx, {
          username: await uniqueUsername(trx, slugify(input.name)),
          accountType: 'partner',
          email,
          accountName: input.name,
          details: { partnerName: input.name, accountName: input.name },
        });
        const partner = await updateAccount(trx, created.id, { partner_id: created.id, organization_id: created.id });
        await recordAccountEvent(trx, partner.id, ctx?.user.id ?? null, 'created', { type: 'partner' });
        return partner;
      });
      return { success: true as const, id: row.id, account: toListItem(row) };
    },
  };
}

export type SuperAdminService = ReturnType<typeof createSuperAdminService>;
