import type { DbOrTx } from '../../../db.ts';

/**
 * Search's read model, declared as such: search is a read across other modules' rows, so all its SQL
 * is here. Tables read: `accounts` (accounts module: the accounts of the caller's tree), `rooms` and
 * `messages` (conversations module: contacts and message bodies of the inbox). Read-only; one
 * filtered, limited query per kind, instead of a search function in each of those modules.
 */

/** Scope of a search: the accounts of the caller's tree, and the inbox (organization, maybe one agent). */
export interface SearchScope {
  accountIds: number[];
  orgIds: number[];
  agentId: number | null;
}

/** The searches, one query per kind of result. */
export const searchReadModel = {
  async accounts(db: DbOrTx, scope: SearchScope, pattern: string, limit: number) {
    return db
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', scope.accountIds)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), 'like', pattern),
          eb(eb.fn('lower', ['name']), 'like', pattern),
          eb(eb.fn('lower', ['account_name']), 'like', pattern),
          eb(eb.fn('lower', ['email']), 'like', pattern),
        ]),
      )
      .limit(limit)
      .execute();
  },

  async contacts(db: DbOrTx, scope: SearchScope, pattern: string, limit: number) {
    return db
      .selectFrom('rooms')
      .select(['room_id', 'uuid', 'username', 'contact_address', 'channel', 'last_message_at'])
      .where('account_id', 'in', scope.orgIds)
      .$if(scope.agentId != null, (q) => q.where('agent_id', '=', scope.agentId))
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), 'like', pattern), eb(eb.fn('lower', ['contact_address']), 'like', pattern)]))
      .orderBy('last_message_at', 'desc')
      .limit(limit)
      .execute();
  },

  async messages(db: DbOrTx, scope: SearchScope, pattern: string, limit: number) {
    return db
      .selectFrom('messages')
      .innerJoin('rooms', 'rooms.id', 'messages.room_pk')
      .select([
        'messages.id',
        'messages.body',
        'messages.direction',
        'messages.created_at',
        'rooms.room_id',
        'rooms.uuid',
        'rooms.username',
      ])
      .where('messages.account_id', 'in', scope.orgIds)
      .$if(scope.agentId != null, (q) => q.where('rooms.agent_id', '=', scope.agentId))
      .where((eb) => eb(eb.fn('lower', ['messages.body']), 'like', pattern))
      .orderBy('messages.id', 'desc')
      .limit(limit)
      .execute();
  },
};
