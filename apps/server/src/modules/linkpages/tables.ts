import type { Generated } from 'kysely';

/** A view of a public link page (`kind` 'view') or a click on one of its links ('click'). */
export interface LinkEventsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  link_id: string | null;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  referrer: string | null;
  user_agent: string | null;
  country: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  created_at: number;
}

export interface LinkpagesTables {
  link_events: LinkEventsTable;
}
