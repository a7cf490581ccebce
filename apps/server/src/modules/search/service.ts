import type { SearchResponse } from '@switchboard/core/contracts/search';
import type { Deps } from '../../deps.ts';
import { descendantAccountIds, toListItem } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { inboxOf } from '../conversations/index.ts';
import { searchReadModel } from './repository/readModels.ts';

const LIMIT = 20;

/**
 * Accounts of the caller's tree and the inbox's contacts matching the text; `enhanced` adds messages.
 * Every query is scoped by the acting account.
 */
export function createSearchService(deps: Deps) {
  const { db } = deps;
  const like = (t: string) => `%${t.replace(/[\\%_]/g, '').toLowerCase()}%`;

  return {
    async search(ctx: AuthContext, target: string, enhanced: boolean) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const pattern = like(target.trim());
      const tree = [ctx.acting.id, ...(await descendantAccountIds(db, ctx.acting.id))];
      const owner = inboxOf(ctx.acting);
      const scope = { accountIds: tree, orgIds: owner ? [owner.orgId] : tree, agentId: owner?.agentId ?? null };
      const accounts = await searchReadModel.accounts(db, scope, pattern, LIMIT);
      const contacts = await searchReadModel.contacts(db, scope, pattern, LIMIT);
      const result: SearchResponse = {
        success: true,
        target,
        accounts: accounts.map(toListItem),
        contacts: contacts.map((r) => ({
          roomId: r.room_id,
          uuid: r.uuid,
          username: r.username,
          address: r.contact_address,
          channel: r.channel,
          lastMessageTimestamp: Number(r.last_message_at),
        })),
      };
      if (enhanced) {
        const messages = await searchReadModel.messages(db, scope, pattern, LIMIT);
        result.messages = messages.map((m) => ({
          id: m.id,
          body: m.body,
          direction: m.direction,
          roomId: m.room_id,
          uuid: m.uuid,
          username: m.username,
          createdAt: Number(m.created_at),
        }));
      }
      return result;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
