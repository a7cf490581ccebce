import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { route, withAuthParams } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { accountsRepository, toListItem } from '../accounts/repository.ts';
import { inboxOf } from '../conversations/service.ts';

const LIMIT = 20;

/**
 * GET /api/v1/search/{target}: accounts of the caller's tree and the inbox's contacts matching the
 * text; /enhancedSearch/{target} adds messages. Every query is scoped by the acting account.
 */
export function searchRoutes(app: FastifyInstance, s: Services): void {
  const db = s.deps.db;
  const like = (t: string) => `%${t.replace(/[\\%_]/g, '').toLowerCase()}%`;

  async function search(ctx: ReturnType<typeof authOf>, target: string, enhanced: boolean) {
    const pattern = like(target.trim());
    const tree = [ctx.acting.id, ...(await accountsRepository.descendantIds(db, ctx.acting.id))];
    const accounts = await db
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', tree)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), 'like', pattern),
          eb(eb.fn('lower', ['name']), 'like', pattern),
          eb(eb.fn('lower', ['account_name']), 'like', pattern),
          eb(eb.fn('lower', ['email']), 'like', pattern),
        ]),
      )
      .limit(LIMIT)
      .execute();
    const owner = inboxOf(ctx.acting);
    const orgIds = owner ? [owner.orgId] : tree;
    const contacts = await db
      .selectFrom('rooms')
      .select(['room_id', 'uuid', 'username', 'contact_address', 'channel', 'last_message_at'])
      .where('account_id', 'in', orgIds)
      .$if(owner?.agentId != null, (q) => q.where('agent_id', '=', owner!.agentId))
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), 'like', pattern), eb(eb.fn('lower', ['contact_address']), 'like', pattern)]))
      .orderBy('last_message_at', 'desc')
      .limit(LIMIT)
      .execute();
    const result: Record<string, unknown> = {
      success: true as const,
      target,
      accounts: accounts.map(toListItem),
      contacts: contacts.map((r) => ({ roomId: r.room_id, uuid: r.uuid, username: r.username, address: r.contact_address, channel: r.channel, lastMessageTimestamp: Number(r.last_message_at) })),
    };
    if (enhanced) {
      const messages = await db
        .selectFrom('messages')
        .innerJoin('rooms', 'rooms.id', 'messages.room_pk')
        .select(['messages.id', 'messages.body', 'messages.direction', 'messages.created_at', 'rooms.room_id', 'rooms.uuid', 'rooms.username'])
        .where('messages.account_id', 'in', orgIds)
        .$if(owner?.agentId != null, (q) => q.where('rooms.agent_id', '=', owner!.agentId))
        .where(db.fn('lower', ['messages.body']), 'like', pattern)
        .orderBy('messages.id', 'desc')
        .limit(LIMIT)
        .execute();
      result.messages = messages.map((m) => ({ id: m.id, body: m.body, direction: m.direction, roomId: m.room_id, uuid: m.uuid, username: m.username, createdAt: Number(m.created_at) }));
    }
    return result;
  }

  for (const [url, enhanced] of [
    ['/api/v1/search/:target', false],
    ['/api/v1/enhancedSearch/:target', true],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary: enhanced ? 'Search accounts, contacts and messages' : 'Search accounts and contacts',
      tags: ['search'],
      params: z.object({ target: z.string().min(1).max(100) }),
      query: withAuthParams({}),
      handler: async (req) => search(authOf(req), req.params.target, enhanced),
    });
  }
}
