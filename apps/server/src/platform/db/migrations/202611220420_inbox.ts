import type { Kysely } from 'kysely';
import { flag, jsonType, withId } from '../columns.ts';

/**
 * The live inbox: rooms (conversations), their participants and per-user read state, messages,
 * activity (priority / agent "Junk" entries), blocks, notifications, phone numbers, external
 * destinations, the simulated carrier's own records, the durable job queue and the realtime event log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const json = jsonType(db);

  await withId(db, db.schema.createTable('rooms'))
    .addColumn('room_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('uuid', 'varchar(40)', (c) => c.notNull())
    // The inbox owner (an organization) and, when the conversation is with one agent, that agent.
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer')
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    // The other party: a visitor account (chat) and/or an address (phone number, username).
    .addColumn('contact_account_id', 'integer')
    .addColumn('contact_address', 'varchar(320)', (c) => c.notNull())
    // Our side's address: the organization's number (sms) or the username the visitor wrote to (chat).
    .addColumn('our_address', 'varchar(320)')
    .addColumn('username', 'varchar(320)', (c) => c.notNull())
    .addColumn('inbox_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('ai_agent_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_group', 'integer', flag)
    .addColumn('rating', 'integer')
    .addColumn('last_message_id', 'integer')
    .addColumn('last_inbound_message_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The inbox list: one index walk per page, newest first.
  await db.schema
    .createIndex('rooms_inbox_idx')
    .on('rooms')
    .columns(['account_id', 'inbox_type', 'status', 'last_message_at', 'id'])
    .execute();
  await db.schema.createIndex('rooms_agent_idx').on('rooms').columns(['agent_id', 'last_message_at']).execute();
  await db.schema.createIndex('rooms_contact_idx').on('rooms').columns(['account_id', 'channel', 'contact_address']).execute();
  await db.schema.createIndex('rooms_contact_account_idx').on('rooms').columns(['contact_account_id']).execute();

  await withId(db, db.schema.createTable('room_participants'))
    .addColumn('room_pk', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('address', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('room_participants_unique', ['room_pk', 'address'])
    .execute();

  // Read state: the last message each person has seen in a room (Chatwoot's last-seen per participant).
  await db.schema
    .createTable('room_reads')
    .addColumn('room_pk', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_reads_pk', ['room_pk', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('room_pk', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('sender_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('sender_account_id', 'integer')
    .addColumn('sender_address', 'varchar(320)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachments', json, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('blocked', 'integer', flag)
    .addColumn('reactions', json, (c) => c.notNull())
    .addColumn('external_id', 'varchar(80)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_room_idx').on('messages').columns(['room_pk', 'id']).execute();
  await db.schema.createIndex('messages_external_idx').on('messages').column('external_id').execute();

  await withId(db, db.schema.createTable('activity'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('inbox_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('room_pk', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('username', 'varchar(320)', (c) => c.notNull())
    .addColumn('last_message', 'varchar(300)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('activity_unique', ['account_id', 'inbox_type', 'room_pk'])
    .execute();

  await withId(db, db.schema.createTable('blocks'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blocks_unique', ['account_id', 'address'])
    .execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(500)', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_account_idx').on('notifications').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('phone_numbers'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('sms_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_numbers_account_idx').on('phone_numbers').column('account_id').execute();

  await withId(db, db.schema.createTable('destinations'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('destinations_unique', ['account_id', 'address'])
    .execute();

  // The simulated carrier's own ledger (what a real carrier keeps on its side).
  await withId(db, db.schema.createTable('carrier_messages'))
    .addColumn('sid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('from_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carrier_messages_dir_idx').on('carrier_messages').columns(['direction', 'id']).execute();

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_runnable_idx').on('jobs').columns(['status', 'run_at']).execute();

  // The realtime event log: ids are handed out by one counter row so they commit in order.
  await db.schema
    .createTable('event_seq')
    .addColumn('name', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('event_seq').values({ name: 'events', value: 0 }).execute();
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer')
    .addColumn('contact_account_id', 'integer')
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_account_idx').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_contact_idx').on('events').columns(['contact_account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'events',
    'event_seq',
    'jobs',
    'carrier_messages',
    'destinations',
    'phone_numbers',
    'notifications',
    'blocks',
    'activity',
    'messages',
    'room_reads',
    'room_participants',
    'rooms',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
