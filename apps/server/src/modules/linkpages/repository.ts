import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { LinkEventsTable } from './tables.ts';

export type LinkEventInsert = Insertable<LinkEventsTable>;

/** All the link-page SQL: events written in batches, and the sums the statistics read. */
export const linkEventsRepository = {
  async insertMany(db: DbOrTx, rows: LinkEventInsert[]): Promise<void> {
    // A few hundred rows per statement keeps within both databases' parameter limits.
    for (let i = 0; i < rows.length; i += 300)
      await db
        .insertInto('link_events')
        .values(rows.slice(i, i + 300))
        .execute();
  },

  /** Views and clicks per day and kind. */
  perDay(db: DbOrTx, accountId: number, from: number, to: number) {
    return db
      .selectFrom('link_events')
      .select((eb) => ['day', 'kind', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['day', 'kind'])
      .orderBy('day')
      .execute();
  },

  /** Clicks per link. */
  perLink(db: DbOrTx, accountId: number, from: number, to: number) {
    return db
      .selectFrom('link_events')
      .select((eb) => ['link_id', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'click')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('link_id')
      .execute();
  },

  /** The most frequent referrers of views. */
  referrers(db: DbOrTx, accountId: number, from: number, to: number) {
    return db
      .selectFrom('link_events')
      .select((eb) => ['referrer', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'view')
      .where('referrer', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('referrer')
      .orderBy('n', 'desc')
      .limit(20)
      .execute();
  },

  /** Views and clicks per country (where known), most first. */
  countries(db: DbOrTx, accountId: number, from: number, to: number) {
    return db
      .selectFrom('link_events')
      .select((eb) => ['country', 'kind', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', '=', accountId)
      .where('country', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['country', 'kind'])
      .execute();
  },

  /** Views and clicks per campaign (UTM source, medium, campaign), for visits that carried one. */
  campaigns(db: DbOrTx, accountId: number, from: number, to: number) {
    return db
      .selectFrom('link_events')
      .select((eb) => ['utm_source', 'utm_medium', 'utm_campaign', 'kind', eb.fn.countAll<string | number>().as('n')])
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('utm_source', 'is not', null), eb('utm_medium', 'is not', null), eb('utm_campaign', 'is not', null)]))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['utm_source', 'utm_medium', 'utm_campaign', 'kind'])
      .execute();
  },
};
