import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { BookingsTable, SchedulesTable } from './tables.ts';

export type ScheduleRow = Selectable<SchedulesTable>;
export type BookingRow = Selectable<BookingsTable>;

export const calendarRepository = {
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

  async insertBooking(db: DbOrTx, row: Insertable<BookingsTable>): Promise<BookingRow> {
    return db.insertInto('bookings').values(row).returningAll().executeTakeFirstOrThrow();
  },
};

/** A unique index refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
