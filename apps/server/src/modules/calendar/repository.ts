import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { BookingsTable, CalendarConnectionsTable, SchedulesTable } from './tables.ts';

export type ScheduleRow = Selectable<SchedulesTable>;
export type BookingRow = Selectable<BookingsTable>;

export type ConnectionRow = Selectable<CalendarConnectionsTable>;
type Provider = CalendarConnectionsTable['provider'];

export const calendarRepository = {
  async connection(db: DbOrTx, accountId: number, provider: Provider): Promise<ConnectionRow | undefined> {
    return db
      .selectFrom('calendar_connections')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  },
  /** Stores a connection, or replaces the credentials (and `extra`) of the account's one for that provider. */
  async saveConnection(
    db: DbOrTx,
    row: Insertable<CalendarConnectionsTable>,
    extra: { main_calendar?: string | null; external_user?: string | null },
  ): Promise<void> {
    await db
      .insertInto('calendar_connections')
      .values({ ...row, ...extra })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'provider'])
          .doUpdateSet({ credentials: row.credentials, status: row.status, updated_at: row.updated_at, ...extra }),
      )
      .execute();
  },
  async updateConnection(
    db: DbOrTx,
    accountId: number,
    provider: Provider,
    set: { status?: ConnectionRow['status']; credentials?: string; main_calendar?: string | null; updated_at: number },
  ): Promise<void> {
    await db.updateTable('calendar_connections').set(set).where('account_id', '=', accountId).where('provider', '=', provider).execute();
  },
  async deleteConnection(db: DbOrTx, accountId: number, provider: Provider): Promise<void> {
    await db.deleteFrom('calendar_connections').where('account_id', '=', accountId).where('provider', '=', provider).execute();
  },
  /** The account's connections, by provider. */
  async connectionsOf(db: DbOrTx, accountId: number): Promise<ConnectionRow[]> {
    return db.selectFrom('calendar_connections').selectAll().where('account_id', '=', accountId).orderBy('provider').execute();
  },
  async connectedOf(db: DbOrTx, accountId: number): Promise<ConnectionRow[]> {
    return db
      .selectFrom('calendar_connections')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'connected')
      .execute();
  },
  async schedule(db: DbOrTx, accountId: number): Promise<ScheduleRow | undefined> {
    return db.selectFrom('schedules').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  },

  async saveSchedule(db: DbOrTx, row: Insertable<SchedulesTable>): Promise<void> {
    await db
      .insertInto('schedules')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ timezone: row.timezone, hours: row.hours, meeting_types: row.meeting_types, updated_at: row.updated_at }),
      )
      .execute();
  },

  /** Standing bookings of a host that overlap [from, to). */
  async activeBetween(db: DbOrTx, hostId: number, from: number, to: number): Promise<BookingRow[]> {
    return db
      .selectFrom('bookings')
      .selectAll()
      .where('host_id', '=', hostId)
      .where('status', '=', 'active')
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .orderBy('start_at')
      .execute();
  },

  /** A host's standing bookings starting at or after `from`, soonest first. */
  async upcoming(db: DbOrTx, hostId: number, from: number, limit = 200): Promise<BookingRow[]> {
    return db
      .selectFrom('bookings')
      .selectAll()
      .where('host_id', '=', hostId)
      .where('status', '=', 'active')
      .where('start_at', '>=', from)
      .orderBy('start_at')
      .limit(limit)
      .execute();
  },

  /** A host's latest bookings (standing or cancelled), newest start first. */
  async latest(db: DbOrTx, hostId: number, limit = 500): Promise<BookingRow[]> {
    return db.selectFrom('bookings').selectAll().where('host_id', '=', hostId).orderBy('start_at', 'desc').limit(limit).execute();
  },

  async booking(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
    return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Cancels a standing booking (frees its slot); false when it was not standing. */
  async cancel(db: DbOrTx, id: number, at: number): Promise<boolean> {
    const r = await db
      .updateTable('bookings')
      .set({ status: 'cancelled', active_start: null, cancelled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async move(db: DbOrTx, id: number, start: number, end: number): Promise<void> {
    await db.updateTable('bookings').set({ start_at: start, end_at: end, active_start: start }).where('id', '=', id).execute();
  },

  async insertBooking(db: DbOrTx, row: Insertable<BookingsTable>): Promise<BookingRow> {
    return db.insertInto('bookings').values(row).returningAll().executeTakeFirstOrThrow();
  },
};

/** A unique index refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
