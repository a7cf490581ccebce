import {
  DEFAULT_MESSAGE_FIELDS,
  DEFAULT_VOICE_SETTINGS,
  displayName,
  messageFields,
  analysisFields,
  normalizeApps,
  voiceSettings,
  type CampaignData,
} from '@switchboard/core';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import { compiledQuery } from '../../platform/db/compiled.ts';
import type { DbOrTx } from '../../db.ts';
import type { LlmConnectionsTable } from './tables.ts';
import type { AccountRow } from '../accounts/index.ts';

export type Copy = 'staging' | 'default';
export const COPIES: Copy[] = ['staging', 'default'];

export const DEFAULT_INSTRUCTIONS = `You are the friendly assistant of {{businessName}}.
Answer questions briefly and warmly.
If you do not know an answer, offer to take a message for the team.`;
export const DEFAULT_GREETING = 'Hello, thanks for contacting {{businessName}}! How can I help you today?';

/** A campaign read from storage with every field present (older or partial JSON gets the defaults). */
export function normalizeCampaign(raw: Partial<CampaignData> | null | undefined): CampaignData {
  const r = raw ?? {};
  return {
    agentInstructions: typeof r.agentInstructions === 'string' ? r.agentInstructions : '',
    actions: Array.isArray(r.actions) ? r.actions : [],
    apps: normalizeApps(r.apps),
    enabledFunctions: r.enabledFunctions && typeof r.enabledFunctions === 'object' ? r.enabledFunctions : {},
    published: r.published ?? true,
    confirmTransfers: r.confirmTransfers ?? false,
    greeting: r.greeting ?? '',
    language: r.language || 'en-US',
    voice: r.voice || 'alloy',
    // Settings stored before voice settings existed, or partly invalid, fall back to the defaults.
    voiceSettings: voiceSettings.safeParse({ ...DEFAULT_VOICE_SETTINGS, ...(r.voiceSettings ?? {}) }).data ?? { ...DEFAULT_VOICE_SETTINGS },
    timezone: r.timezone || 'America/New_York',
    templateId: r.templateId ?? null,
    templateFields: r.templateFields ?? {},
    mode: r.mode ?? (r.templateId ? 'TEMPLATE' : 'FULL_AGENT'),
    messageFields: messageFields.safeParse(r.messageFields).data ?? [...DEFAULT_MESSAGE_FIELDS],
    analysisFields: analysisFields.safeParse(r.analysisFields).data ?? [],
  };
}

/** A new agent's configuration: it works before anyone edits it, and takes messages. */
export function defaultCampaign(): CampaignData {
  return normalizeCampaign({
    agentInstructions: DEFAULT_INSTRUCTIONS,
    greeting: DEFAULT_GREETING,
    apps: [{ appId: 'messages', version: '1' }],
    enabledFunctions: { 'messages:1': ['take_message'] },
    published: true,
  });
}

/** The business's name as the agent says it. */
export function businessNameOf(account: AccountRow): string {
  return displayName({
    accountType: account.account_type,
    details: fromJson(account.details, {}),
    name: account.name,
    accountName: account.account_name,
    username: account.username,
  });
}

export interface StoredCampaign {
  data: CampaignData;
  updatedAt: number;
}

/** Every agent reply reads its campaign and its organization's model connection: compiled once (platform/db/compiled.ts). */
const campaignOf = compiledQuery<{ data: string; updated_at: number }, [number, Copy]>(2, (db, accountId, copy) =>
  db.selectFrom('campaigns').select(['data', 'updated_at']).where('account_id', '=', accountId).where('copy', '=', copy),
);
const llmConnectionOf = compiledQuery<LlmConnectionsTable, [number]>(1, (db, orgId) =>
  db.selectFrom('llm_connections').selectAll().where('org_id', '=', orgId),
);

export const campaignsRepository = {
  async get(db: DbOrTx, accountId: number, copy: Copy): Promise<StoredCampaign | undefined> {
    const [row] = await campaignOf(db, accountId, copy);
    return row ? { data: normalizeCampaign(fromJson(row.data, {})), updatedAt: row.updated_at } : undefined;
  },

  async put(db: DbOrTx, accountId: number, copy: Copy, data: CampaignData, userId: number | null = null): Promise<number> {
    const now = Date.now();
    await db
      .insertInto('campaigns')
      .values({ account_id: accountId, copy, data: toJson(data), updated_by: userId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'copy']).doUpdateSet({ data: toJson(data), updated_by: userId, updated_at: now }))
      .execute();
    return now;
  },

  /** Creates both copies with the defaults when the account has none yet (safe under races). */
  async ensure(db: DbOrTx, accountId: number): Promise<void> {
    const now = Date.now();
    const data = toJson(defaultCampaign());
    await db
      .insertInto('campaigns')
      .values(COPIES.map((copy) => ({ account_id: accountId, copy, data, updated_by: null, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['account_id', 'copy']).doNothing())
      .execute();
  },
};

/** An organization's own language model connection (model.ts). */
export const llmConnectionsRepository = {
  get: async (db: DbOrTx, orgId: number): Promise<LlmConnectionsTable | undefined> => (await llmConnectionOf(db, orgId))[0],
  async put(db: DbOrTx, row: LlmConnectionsTable): Promise<void> {
    const { org_id: _org, created_at: _created, ...changes } = row;
    await db
      .insertInto('llm_connections')
      .values(row)
      .onConflict((oc) => oc.column('org_id').doUpdateSet(changes))
      .execute();
  },
  async remove(db: DbOrTx, orgId: number): Promise<void> {
    await db.deleteFrom('llm_connections').where('org_id', '=', orgId).execute();
  },
};
