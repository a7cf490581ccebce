import {
  cleanEnabledFunctions,
  cleanTemplateFields,
  missingTemplateFields,
  normalizeApps,
  PROMPT_REQUIRED,
  substituteTemplate,
  validateInstructions,
  type AgentTemplate,
  type CampaignData,
  type CampaignPatch,
} from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import { ACCOUNT_TYPE_MISMATCH, type AuthContext } from '../auth/index.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { isModel } from '../../platform/providers/llm/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import { availableApps } from '../apps/index.ts';
import { findTemplate, templatesVisibleTo } from '../templates/index.ts';
import { actsAsReseller } from './access.ts';
import { builtinVariables, effectiveText } from './prompt.ts';
import { campaignsRepository, COPIES, type Copy } from './repository.ts';
import type { AgentRuntime } from './runtime.ts';

/** Save or publish without instructions (spec §5): answered as {input: 'prompt', value: 'Please enter a prompt.'}. */
export class PromptRequired extends AppError {
  readonly input = PROMPT_REQUIRED.input;
  readonly value = PROMPT_REQUIRED.value;
  constructor() {
    super('bad_request', PROMPT_REQUIRED.value, PROMPT_REQUIRED.input);
  }
}

/** Asked before the staging copy is published (agent test suites, above agents: wired in services.ts); throws to refuse. */
export type BeforePublish = (ctx: AuthContext) => Promise<void>;

export function createAgentsService(deps: Deps, runtime: AgentRuntime, beforePublish: BeforePublish = async () => {}) {
  const { db, log } = deps;
  const ruleLog = (message: string, detail?: unknown) => log.warn({ detail }, message);

  async function load(account: AccountRow, copy: Copy) {
    let stored = await campaignsRepository.get(db, account.id, copy);
    if (!stored) {
      await campaignsRepository.ensure(db, account.id);
      stored = (await campaignsRepository.get(db, account.id, copy))!;
    }
    return stored;
  }

  /** A copy as the API shows it: placeholders filled in unless `replace` is false. */
  async function present(account: AccountRow, copy: Copy, replace = true) {
    const stored = await load(account, copy);
    const text = await effectiveText(db, account, stored.data, replace);
    return { ...stored.data, ...text, accountId: account.id, copy, updatedAt: stored.updatedAt };
  }

  async function offeredFunctions(accountId: number) {
    const apps = await availableApps(db, accountId);
    const map = new Map(apps.map((a) => [`${a.appId}:${a.appVersion}`, a.appData.functions.map((f) => f.name)]));
    return (key: string) => map.get(key);
  }

  async function checkInstructions(account: AccountRow, data: CampaignData) {
    const text = await effectiveText(db, account, data, false);
    if (validateInstructions(text.agentInstructions)) throw new PromptRequired();
  }

  async function visibleTemplate(account: AccountRow, templateId: string): Promise<AgentTemplate> {
    const all = await templatesVisibleTo(db, account);
    const t = all.find((x) => x.templateId === templateId && (x.published || x.ownerAccountId === account.id));
    if (!t) throw notFound('Template not found.');
    return t;
  }

  return {
    present,
    /** The stored copy, placeholders as written. */
    data: async (account: AccountRow, copy: Copy) => (await load(account, copy)).data,

    async campaigns(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const [staging, production] = await Promise.all(COPIES.map((c) => present(ctx.acting, c)));
      return { success: true as const, campaigns: [staging!, production!] };
    },

    async read(ctx: AuthContext, copy: Copy, opts: { replaceTemplateVars?: boolean; forceReplaceTemplateVars?: boolean }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      let replace = opts.replaceTemplateVars !== false;
      // Spec §6: a reseller or super admin who does not force replacement works on the template's text.
      const reseller = await actsAsReseller(deps, ctx);
      if (reseller && !opts.forceReplaceTemplateVars) replace = false;
      const campaign = await present(ctx.acting, copy, replace);
      const staging = copy === 'staging' ? campaign : await present(ctx.acting, 'staging', replace);
      const production = copy === 'default' ? campaign : await present(ctx.acting, 'default', replace);
      const template = campaign.templateId ? await findTemplate(db, campaign.templateId) : undefined;
      return {
        success: true as const,
        campaign,
        replaceTemplateVars: replace,
        templateReplacement: reseller && !opts.forceReplaceTemplateVars,
        template: template ?? null,
        hasUnpublishedChanges: JSON.stringify(strip(staging)) !== JSON.stringify(strip(production)),
      };
    },

    /** POST /api/v2/campaign: merges the changes into the staging copy. */
    async save(ctx: AuthContext, patch: CampaignPatch) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const current = (await load(ctx.acting, 'staging')).data;
      const next: CampaignData = { ...current };
      for (const k of [
        'actions',
        'confirmTransfers',
        'greeting',
        'language',
        'voice',
        'timezone',
        'messageFields',
        'analysisFields',
      ] as const) {
        if (patch[k] !== undefined) (next as Record<string, unknown>)[k] = patch[k];
      }
      if (patch.voiceSettings !== undefined) next.voiceSettings = { ...current.voiceSettings, ...patch.voiceSettings };
      if (patch.templateFields !== undefined) next.templateFields = { ...patch.templateFields };
      if (patch.apps !== undefined) next.apps = normalizeApps(patch.apps, ruleLog);
      if (patch.enabledFunctions !== undefined || patch.apps !== undefined) {
        next.enabledFunctions = cleanEnabledFunctions(
          patch.enabledFunctions ?? current.enabledFunctions,
          next.apps,
          await offeredFunctions(ctx.acting.id),
          ruleLog,
        );
      }
      if (patch.agentInstructions !== undefined) {
        if (next.mode === 'TEMPLATE' && next.templateId) {
          // A template agent follows its template; writing other instructions detaches it.
          const filled = await effectiveText(db, ctx.acting, next, true);
          const raw = await effectiveText(db, ctx.acting, next, false);
          const same = [filled.agentInstructions.trim(), raw.agentInstructions.trim()].includes(patch.agentInstructions.trim());
          if (!same) {
            next.mode = 'FULL_AGENT';
            next.agentInstructions = patch.agentInstructions;
          }
        } else next.agentInstructions = patch.agentInstructions;
      }
      next.published = patch.published ?? false;
      await checkInstructions(ctx.acting, next);
      await campaignsRepository.put(db, ctx.acting.id, 'staging', next, ctx.user.id);
      return { success: true as const, campaign: await present(ctx.acting, 'staging') };
    },

    /** Copies staging to production ("default"). */
    async publish(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const staging = (await load(ctx.acting, 'staging')).data;
      await checkInstructions(ctx.acting, staging);
      await beforePublish(ctx);
      const published = { ...staging, published: true };
      await db.transaction().execute(async (trx) => {
        await campaignsRepository.put(trx, ctx.acting.id, 'default', published, ctx.user.id);
        await campaignsRepository.put(trx, ctx.acting.id, 'staging', published, ctx.user.id);
      });
      return { success: true as const, campaign: await present(ctx.acting, 'default') };
    },

    /** Discards the staging changes: staging becomes production again. */
    async revert(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const production = (await load(ctx.acting, 'default')).data;
      await campaignsRepository.put(db, ctx.acting.id, 'staging', { ...production, published: true }, ctx.user.id);
      return { success: true as const, campaign: await present(ctx.acting, 'staging') };
    },

    async runPrompt(ctx: AuthContext, promptText: string, history: { role: 'user' | 'assistant'; content: string }[]) {
      await deps.requireAccess(ctx, 'canViewOrg');
      if (!promptText.trim()) throw new PromptRequired();
      if (!['organization', 'agent'].includes(ctx.acting.account_type)) throw notFound('Agent not found.');
      const r = await runtime.respond(
        { accountId: ctx.acting.id, copy: 'staging', history, message: promptText, channel: 'test' },
        ctx.acting,
      );
      return { success: true as const, response: r.text, functionCalls: r.functionCalls, usage: r.usage, provider: r.provider };
    },

    /** GET /api/v2/agent/functions: every function the agent could call, and whether staging enables it. */
    async functions(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const staging = (await load(ctx.acting, 'staging')).data;
      const apps = await availableApps(db, ctx.acting.id);
      const functions = apps.flatMap((a) => {
        const key = `${a.appId}:${a.appVersion}`;
        const added = staging.apps.some((x) => x.appId === a.appId && x.version === a.appVersion);
        return a.appData.functions.map((f) => ({
          appId: a.appId,
          version: a.appVersion,
          appName: a.appData.name,
          name: f.name,
          description: f.description,
          parameters: f.parameters,
          added,
          enabled: (staging.enabledFunctions[key] ?? []).includes(f.name),
        }));
      });
      return { success: true as const, functions };
    },

    async createFromTemplate(ctx: AuthContext, input: { templateId: string; templateFields: Record<string, unknown>; publish?: boolean }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!['organization', 'agent'].includes(ctx.acting.account_type)) throw new AppError('rule_broken', ACCOUNT_TYPE_MISMATCH);
      const t = await visibleTemplate(ctx.acting, input.templateId);
      const missing = missingTemplateFields(t.templateFields, input.templateFields);
      if (missing.length) {
        const f = t.templateFields.find((x) => x.name === missing[0])!;
        throw badRequest(`templateFields.${f.name}: Please fill in ${f.label.toLowerCase()}.`, `templateFields.${f.name}`);
      }
      const fields = cleanTemplateFields(t.templateFields, input.templateFields);
      const current = (await load(ctx.acting, 'staging')).data;
      const apps = normalizeApps(t.apps, ruleLog);
      const vars = { ...(await builtinVariables(db, ctx.acting, current)), ...fields };
      const next: CampaignData = {
        ...current,
        agentInstructions: substituteTemplate(t.agentInstructions, vars, { dropLinesWith: t.templateFields.map((f) => f.name) }),
        greeting: '',
        apps,
        enabledFunctions: cleanEnabledFunctions(t.enabledFunctions, apps),
        templateId: t.templateId,
        templateFields: fields,
        mode: 'TEMPLATE',
        published: false,
      };
      await campaignsRepository.put(db, ctx.acting.id, 'staging', next, ctx.user.id);
      if (input.publish) {
        await beforePublish(ctx);
        await campaignsRepository.put(db, ctx.acting.id, 'default', { ...next, published: true }, ctx.user.id);
        await campaignsRepository.put(db, ctx.acting.id, 'staging', { ...next, published: true }, ctx.user.id);
      }
      return { success: true as const, campaign: await present(ctx.acting, 'staging') };
    },

    /** Both copies stop following their template and keep today's text as their own (mode FULL_AGENT). */
    async detach(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canEditOrg');
      for (const copy of COPIES) {
        const data = (await load(ctx.acting, copy)).data;
        if (data.mode !== 'TEMPLATE') continue;
        const text = await effectiveText(db, ctx.acting, data, true);
        await campaignsRepository.put(db, ctx.acting.id, copy, { ...data, ...text, mode: 'FULL_AGENT', templateId: null }, ctx.user.id);
      }
      const campaign = await present(ctx.acting, 'staging');
      return { success: true as const, campaign, mode: campaign.mode };
    },

    /** Writes first instructions from a description of the business (onboarding GENERATE_AGENT). */
    async generate(ctx: AuthContext, input: { description: string; businessName?: string; goals?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const description = input.description.trim();
      if (!description) throw badRequest('description: Please describe the business.', 'description');
      const name = input.businessName?.trim() || '{{businessName}}';
      const fallback = [
        `You are the friendly assistant of ${name}.`,
        `About the business: ${description.replace(/\s+/g, ' ')}${/[.!?]$/.test(description) ? '' : '.'}`,
        input.goals?.trim()
          ? `Your goals: ${input.goals.trim()}`
          : 'Your goals: answer questions, book appointments and take messages for the team.',
        'Answer briefly and warmly. If you do not know an answer, offer to take a message.',
      ].join('\n');
      const model = await runtime.modelFor(ctx.acting);
      if (!isModel(model)) return { success: true as const, agentInstructions: fallback, provider: 'offline' };
      try {
        const r = await model.complete({
          system:
            'You write system prompts for AI phone and chat agents of small businesses. Answer with the prompt only, in second person, under 200 words.',
          messages: [
            {
              role: 'user',
              content: `Business: ${name}\nDescription: ${description}\nGoals: ${input.goals ?? 'answer questions, book appointments, take messages'}`,
            },
          ],
          tools: [],
        });
        return { success: true as const, agentInstructions: r.text.trim() || fallback, provider: model.name };
      } catch (err) {
        log.warn({ err }, 'generate: model failed, using the offline text');
        return { success: true as const, agentInstructions: fallback, provider: 'offline' };
      }
    },
  };
}

/** Fields that say nothing about the content, for the unpublished-changes comparison. */
function strip(c: CampaignData & { copy?: string; updatedAt?: number; accountId?: number }) {
  const { published: _p, copy: _c, updatedAt: _u, accountId: _a, ...rest } = c;
  return rest;
}

export type AgentsService = ReturnType<typeof createAgentsService>;
