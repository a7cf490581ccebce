import type { Kysely } from 'kysely';

/**
 * Agent actions in the thread (modules/conversations/events.ts): a message of sender kind 'system'
 * records what the AI did (a booking, a message taken, a transfer, another function call). `event_kind`
 * names it; `needs_person` marks the ones a person must follow up ("needs a person" list), until a
 * staff member answers in that conversation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('event_kind', 'varchar(16)').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('needs_person', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('messages_needs_person').on('messages').columns(['account_id', 'needs_person']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_needs_person').execute();
  await db.schema.alterTable('messages').dropColumn('needs_person').execute();
  await db.schema.alterTable('messages').dropColumn('event_kind').execute();
}
