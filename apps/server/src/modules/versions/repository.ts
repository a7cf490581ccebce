import type { CampaignData } from '@switchboard/core';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { DbOrTx } from '../../db.ts';
import { normalizeCampaign } from '../agents/index.ts';

export interface VersionRow {
  id: number;
  accountId: number;
  title: string;
  source: 'staging' | 'default' | 'snapshot';
  createdAt: number;
  updatedAt: number;
  snapshot?: CampaignData;
}

const COLS = ['id', 'account_id', 'title', 'source', 'created_at', 'updated_at'] as const;
const toVersion = (r: {
  id: number;
  account_id: number;
  title: string;
  source: string;
  created_at: number;
  updated_at: number;
  snapshot?: unknown;
}): VersionRow => ({
  id: r.id,
  accountId: r.account_id,
  title: r.title,
  source: r.source as VersionRow['source'],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  ...(r.snapshot !== undefined ? { snapshot: normalizeCampaign(fromJson(r.snapshot, {})) } : {}),
});

/** Agent versions: named snapshots of a campaign copy. Every query is scoped by the agent account. */
export const versionsRepository = {
  async list(db: DbOrTx, accountId: number, includeData: boolean): Promise<VersionRow[]> {
    const rows = await db
      .selectFrom('agent_versions')
      .select([...COLS, ...(includeData ? (['snapshot'] as const) : [])])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toVersion);
  },

  async get(db: DbOrTx, accountId: number, id: number): Promise<VersionRow | undefined> {
    const r = await db
      .selectFrom('agent_versions')
      .select([...COLS, 'snapshot'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toVersion(r) : undefined;
  },

  async insert(
    db: DbOrTx,
    accountId: number,
    title: string,
    source: string,
    snapshot: CampaignData,
    userId: number | null,
  ): Promise<number> {
    const now = Date.now();
    const r = await db
      .insertInto('agent_versions')
      .values({ account_id: accountId, title, source, snapshot: toJson(snapshot), created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async update(
    db: DbOrTx,
    accountId: number,
    id: number,
    set: { title?: string; snapshot?: CampaignData; source?: string },
  ): Promise<void> {
    await db
      .updateTable('agent_versions')
      .set({
        ...(set.title !== undefined ? { title: set.title } : {}),
        ...(set.snapshot !== undefined ? { snapshot: toJson(set.snapshot) } : {}),
        ...(set.source !== undefined ? { source: set.source } : {}),
        updated_at: Date.now(),
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },
};
