import { sql, type Kysely } from 'kysely';

/**
 * Agent actions waiting for a person are few among the messages: they are indexed alone (partial
 * indexes on `needs_person = 1`). Every new message then adds nothing to them, and a staff reply's
 * "clear what needed a person in this room" finds the room's few such rows at once instead of reading
 * all of the room's messages (queries name the value as a literal `1`, as a partial index needs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_needs_person').execute();
  await db.schema
    .createIndex('messages_needs_person')
    .on('messages')
    .columns(['account_id', 'id'])
    .where(sql.ref('needs_person'), '=', sql.lit(1))
    .execute();
  await db.schema
    .createIndex('messages_room_needs_person')
    .on('messages')
    .column('room_pk')
    .where(sql.ref('needs_person'), '=', sql.lit(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_room_needs_person').execute();
  await db.schema.dropIndex('messages_needs_person').execute();
  await db.schema.createIndex('messages_needs_person').on('messages').columns(['account_id', 'needs_person']).execute();
}
