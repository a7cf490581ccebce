import type { Kysely } from 'kysely';
import { jsonType, withId } from '../columns.ts';

/**
 * Contacts and calendars (modules/contacts, modules/calendar): contacts of an organization with one row
 * per identifying channel key (unique per organization, so one person is one contact across SMS, calls
 * and chat); each host's schedule (time zone, working hours, meeting types); the local calendar's events
 * (busy times); and bookings, where `active_start` is the start while the booking stands and null once
 * cancelled, so a unique index on (host, active_start) forbids two standing bookings of one slot.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('contacts'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('tags', jsonType(db), (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('fields', jsonType(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_org_idx').on('contacts').columns(['org_id', 'name']).execute();
  await db.schema
    .createTable('contact_keys')
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(330)', (c) => c.notNull())
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_keys_pk', ['org_id', 'key'])
    .execute();
  await db.schema.createIndex('contact_keys_contact_idx').on('contact_keys').columns(['contact_id']).execute();

  await db.schema
    .createTable('schedules')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('hours', jsonType(db), (c) => c.notNull())
    .addColumn('meeting_types', jsonType(db), (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('calendar_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('external_key', 'varchar(120)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_events_account_idx').on('calendar_events').columns(['account_id', 'start_at']).execute();
  await db.schema.createIndex('calendar_events_key_idx').on('calendar_events').columns(['account_id', 'external_key']).unique().execute();
  await withId(db, db.schema.createTable('bookings'))
    .addColumn('host_id', 'integer', (c) => c.notNull())
    .addColumn('meeting_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('active_start', 'bigint')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('notes', 'varchar(2000)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_host_active_idx').on('bookings').columns(['host_id', 'active_start']).unique().execute();
  await db.schema.createIndex('bookings_host_start_idx').on('bookings').columns(['host_id', 'start_at']).execute();
}
