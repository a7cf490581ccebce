import { toAccountRef, selfAndAncestors, type AgentTemplate } from '@switchboard/core';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { DbOrTx } from '../../db.ts';
import type { AccountRow } from '../accounts/index.ts';
import { BUILTIN_TEMPLATES, builtinTemplate } from './builtins.ts';

type Row = { id: string; owner_account_id: number; data: unknown; published: number; updated_at: number };

function toTemplate(r: Row): AgentTemplate {
  const data = fromJson<Partial<AgentTemplate>>(r.data, {});
  return {
    templateId: r.id,
    name: data.name ?? 'Template',
    description: data.description ?? '',
    category: data.category ?? 'Custom',
    agentInstructions: data.agentInstructions ?? '',
    greeting: data.greeting ?? '',
    templateFields: data.templateFields ?? [],
    templateIntegrations: data.templateIntegrations ?? [],
    apps: data.apps ?? [],
    enabledFunctions: data.enabledFunctions ?? {},
    published: r.published === 1,
    builtIn: false,
    ownerAccountId: r.owner_account_id,
    updatedAt: r.updated_at,
  };
}

const COLUMNS = ['id', 'owner_account_id', 'data', 'published', 'updated_at'] as const;

export const templatesRepository = {
  /** Templates an account may use: the built-ins and those owned by the account or any account above it. */
  async visibleTo(db: DbOrTx, account: AccountRow): Promise<AgentTemplate[]> {
    const owners = selfAndAncestors(toAccountRef(account));
    const rows = await db
      .selectFrom('agent_templates')
      .select(COLUMNS)
      .where('owner_account_id', 'in', owners)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return [...BUILTIN_TEMPLATES, ...rows.map(toTemplate)];
  },

  async find(db: DbOrTx, id: string): Promise<AgentTemplate | undefined> {
    const b = builtinTemplate(id);
    if (b) return b;
    const row = await db
      .selectFrom('agent_templates')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? toTemplate(row) : undefined;
  },

  async insert(db: DbOrTx, ownerId: number, t: Omit<AgentTemplate, 'templateId' | 'builtIn' | 'ownerAccountId' | 'updatedAt'>, id: string) {
    const now = Date.now();
    const { published, ...data } = t;
    await db
      .insertInto('agent_templates')
      .values({
        id,
        owner_account_id: ownerId,
        name: t.name,
        data: toJson(data),
        published: published ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  },

  async update(db: DbOrTx, t: AgentTemplate) {
    const { templateId, builtIn: _b, ownerAccountId: _o, updatedAt: _u, published, ...data } = t;
    await db
      .updateTable('agent_templates')
      .set({ name: t.name, data: toJson(data), published: published ? 1 : 0, updated_at: Date.now() })
      .where('id', '=', templateId)
      .execute();
  },

  async softDelete(db: DbOrTx, id: string) {
    await db.updateTable('agent_templates').set({ deleted_at: Date.now() }).where('id', '=', id).execute();
  },
};
