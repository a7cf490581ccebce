import type { Kysely } from 'kysely';
import type { BusyTime, CalendarEventInput, CalendarProvider, CalendarProviderTables } from './index.ts';

/** The embedded calendar: events in the `calendar_events` table; every event is a busy time. */
export class LocalCalendarProvider implements CalendarProvider {
  readonly kind = 'local' as const;
  constructor(private readonly db: Kysely<CalendarProviderTables>) {}

  async busy(accountId: number, from: number, to: number): Promise<BusyTime[]> {
    const rows = await this.db
      .selectFrom('calendar_events')
      .select(['start_at', 'end_at'])
      .where('account_id', '=', accountId)
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .execute();
    return rows.map((r) => ({ start: Number(r.start_at), end: Number(r.end_at) }));
  }

  async addEvent(accountId: number, e: CalendarEventInput): Promise<{ id: number }> {
    const row = await this.db
      .insertInto('calendar_events')
      .values({ account_id: accountId, start_at: e.start, end_at: e.end, title: e.title, external_key: e.key, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'external_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row;
    const existing = await this.db
      .selectFrom('calendar_events')
      .select('id')
      .where('account_id', '=', accountId)
      .where('external_key', '=', e.key)
      .executeTakeFirstOrThrow();
    return existing;
  }

  async listEvents(accountId: number, from: number, to: number) {
    const rows = await this.db
      .selectFrom('calendar_events')
      .select(['id', 'start_at', 'end_at', 'title'])
      .where('account_id', '=', accountId)
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .orderBy('start_at')
      .execute();
    return rows.map((r) => ({ id: r.id, start: Number(r.start_at), end: Number(r.end_at), title: r.title }));
  }

  async removeEvent(accountId: number, id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('calendar_events').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows ?? 0) > 0;
  }
}
