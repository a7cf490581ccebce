import crypto from 'node:crypto';
import { normalizeApps, cleanEnabledFunctions, type AgentTemplate } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AgentsService } from '../agents/index.ts';
import { templatesRepository } from './repository.ts';

export type TemplateInput = Partial<Omit<AgentTemplate, 'templateId' | 'builtIn' | 'ownerAccountId' | 'updatedAt'>> & {
  fromAgent?: boolean;
};

/** The templates the acting account sees: the built-ins and those above it, unpublished ones only by their owner. */
async function visibleTemplates(db: DbOrTx, ctx: AuthContext): Promise<AgentTemplate[]> {
  const all = await templatesRepository.visibleTo(db, ctx.acting);
  return all.filter((t) => t.published || t.ownerAccountId === ctx.acting.id);
}

/** Templates the caller sees, by id (the access table's `template.edit` lookup). */
export async function templatesInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, AgentTemplate>> {
  const seen = new Map((await visibleTemplates(db, ctx)).map((t) => [t.templateId, t]));
  const out = new Map<string | number, AgentTemplate>();
  for (const id of ids) {
    const t = seen.get(String(id));
    if (t) out.set(id, t);
  }
  return out;
}

/**
 * Agent templates: the built-ins, and templates an account keeps for the accounts below it (a
 * reseller's templates are what its organizations' agents are made from). Unpublished templates are
 * seen only by their owner.
 */
export function createTemplatesService(deps: Deps, agents: AgentsService) {
  const { db, log } = deps;
  const ruleLog = (message: string, detail?: unknown) => log.warn({ detail }, message);

  const visible = (ctx: AuthContext) => visibleTemplates(db, ctx);

  /** A template the caller may change: checked through `template.edit`, then it must be the acting account's own. */
  async function owned(ctx: AuthContext, id: string) {
    const t = (await deps.requireAccess(ctx, 'template.edit', [id])).get(id)!;
    if (t.builtIn) throw forbidden('Built-in templates cannot be changed. Create a template of your own from it.');
    if (t.ownerAccountId !== ctx.acting.id) throw forbidden('Only the account that owns this template can change it.');
    return t;
  }

  function clean(base: AgentTemplate | undefined, input: TemplateInput) {
    const name = (input.name ?? base?.name ?? '').trim();
    if (!name) throw badRequest('name: Please name the template.', 'name');
    const apps = normalizeApps(input.apps ?? base?.apps ?? [], ruleLog);
    return {
      name,
      description: input.description ?? base?.description ?? '',
      category: input.category ?? base?.category ?? 'Custom',
      agentInstructions: input.agentInstructions ?? base?.agentInstructions ?? '',
      greeting: input.greeting ?? base?.greeting ?? '',
      templateFields: input.templateFields ?? base?.templateFields ?? [],
      templateIntegrations: input.templateIntegrations ?? base?.templateIntegrations ?? [],
      apps,
      enabledFunctions: cleanEnabledFunctions(input.enabledFunctions ?? base?.enabledFunctions ?? {}, apps, undefined, ruleLog),
      published: input.published ?? base?.published ?? false,
    };
  }

  return {
    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, templates: await visible(ctx) };
    },

    async get(ctx: AuthContext, id: string) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const t = (await visible(ctx)).find((x) => x.templateId === id);
      if (!t) throw notFound('Template not found.');
      return { success: true as const, template: t };
    },

    /** A new template owned by the acting account; from another template (copyFrom) or the agent's staging copy (fromAgent). */
    async create(ctx: AuthContext, input: TemplateInput & { copyFrom?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      let base: AgentTemplate | undefined;
      if (input.copyFrom) {
        base = (await visible(ctx)).find((x) => x.templateId === input.copyFrom);
        if (!base) throw notFound('Template not found.');
        base = { ...base, name: `${base.name} (copy)`, published: false };
      } else if (input.fromAgent && ['organization', 'agent'].includes(ctx.acting.account_type)) {
        const c = await agents.data(ctx.acting, 'staging');
        base = {
          templateId: '',
          name: 'My agent',
          description: '',
          category: 'Custom',
          agentInstructions: c.agentInstructions,
          greeting: c.greeting,
          templateFields: [],
          templateIntegrations: [],
          apps: c.apps,
          enabledFunctions: c.enabledFunctions,
          published: false,
          builtIn: false,
          ownerAccountId: ctx.acting.id,
          updatedAt: 0,
        };
      }
      const data = clean(base, input);
      const id = `tpl_${crypto.randomBytes(8).toString('hex')}`;
      await templatesRepository.insert(db, ctx.acting.id, data, id);
      return { success: true as const, template: (await templatesRepository.find(db, id))! };
    },

    async update(ctx: AuthContext, id: string, input: TemplateInput) {
      const t = await owned(ctx, id);
      const data = clean(t, input);
      await templatesRepository.update(db, { ...t, ...data });
      return { success: true as const, template: (await templatesRepository.find(db, id))! };
    },

    async remove(ctx: AuthContext, id: string) {
      await owned(ctx, id);
      await templatesRepository.softDelete(db, id);
      return { success: true as const };
    },
  };
}
