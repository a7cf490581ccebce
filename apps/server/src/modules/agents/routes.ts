import {
  campaign,
  campaignPatch,
  functionCall,
  idParam,
  MAX_ID,
  modelConnectionInput,
  modelStatus,
  modelTestResult,
  queryBool,
} from '@switchboard/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { findAccount, findAccountByUsername } from '../accounts/index.ts';
import { authForAccount } from './access.ts';
import { PromptRequired } from './service.ts';

const tags = ['agent'];
const agentTypes = ['organization', 'agent'] as ('organization' | 'agent')[];

/** Spec §5's prompt error keeps its own shape beside the envelope: {input: 'prompt', value: 'Please enter a prompt.'}. */
export async function promptAware(reply: FastifyReply, fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PromptRequired) {
      return reply
        .status(400)
        .send({ success: false, message: err.message, code: err.code, field: err.input, input: err.input, value: err.value });
    }
    throw err;
  }
}

const campaignResponse = z.looseObject({ success: z.literal(true), campaign });

export function agentRoutes(app: FastifyInstance, s: Services) {
  const { agents } = s.agentDomain;

  route(app, {
    method: 'GET',
    url: '/api/v2/campaigns',
    summary: 'The agent’s staging and production ("default") configuration',
    tags,
    actingTypes: agentTypes,
    response: z.looseObject({ success: z.literal(true), campaigns: z.array(campaign) }),
    handler: (req) => agents.campaigns(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/campaign',
    summary: 'Save changes to the staging copy (agentInstructions must not be empty)',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams(campaignPatch.shape),
    response: campaignResponse,
    handler: (req, reply) => promptAware(reply, () => agents.save(authOf(req), campaignPatch.parse(req.body))),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/publish',
    summary: 'Publish: copy staging to production',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams({}).nullish(),
    response: campaignResponse,
    handler: (req, reply) => promptAware(reply, () => agents.publish(authOf(req))),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/revert',
    summary: 'Discard the staging changes',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams({}).nullish(),
    response: campaignResponse,
    handler: (req) => agents.revert(authOf(req)),
  });

  for (const copy of ['staging', 'default'] as const) {
    route(app, {
      method: 'GET',
      url: `/api/v2/agentEventRules/${copy}`,
      summary: `The ${copy === 'default' ? 'production' : 'staging'} copy, template variables replaced unless replaceTemplateVars=false`,
      tags,
      actingTypes: agentTypes,
      query: withAuthParams({ replaceTemplateVars: queryBool.optional(), forceReplaceTemplateVars: queryBool.optional() }),
      response: z.looseObject({ success: z.literal(true), campaign, replaceTemplateVars: z.boolean(), templateReplacement: z.boolean() }),
      handler: (req) => agents.read(authOf(req), copy, req.query),
    });
  }

  route(app, {
    method: 'POST',
    url: '/api/v1/agent/runPrompt',
    summary: 'Run one turn against the staging copy (targetAgent: username or id)',
    tags,
    body: withAuthParams({
      targetAgent: z
        .union([z.string().max(100), z.number()])
        .refine((v) => !/^\d+$/.test(String(v)) || idParam.safeParse(v).success, `must be an account id (1 to ${MAX_ID}) or a username`)
        .optional(),
      promptText: z.string().max(10_000).default(''),
      history: z
        .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(10_000) }))
        .max(100)
        .default([]),
    }),
    response: z.looseObject({ success: z.literal(true), response: z.string(), functionCalls: z.array(functionCall) }),
    handler: (req, reply) =>
      promptAware(reply, async () => {
        let ctx = authOf(req);
        const target = req.body.targetAgent;
        if (target != null && target !== '') {
          const row = /^\d+$/.test(String(target))
            ? await findAccount(s.deps.db, Number(target))
            : await findAccountByUsername(s.deps.db, String(target));
          if (!row) throw notFound('Agent not found.');
          ctx = await authForAccount(s.deps, req, row.id);
        }
        return agents.runPrompt(ctx, req.body.promptText, req.body.history);
      }),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/agent/functions',
    summary: 'Functions the agent can call (enabled per staging)',
    tags,
    actingTypes: agentTypes,
    handler: (req) => agents.functions(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/generate',
    summary: 'Write first instructions from a description of the business (onboarding)',
    tags,
    body: withAuthParams({
      description: z.string().max(5000).default(''),
      businessName: z.string().max(200).optional(),
      goals: z.string().max(2000).optional(),
    }),
    handler: (req) => agents.generate(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/createAgentFromTemplate',
    summary: 'Make the agent from a template, the fields filling its placeholders',
    tags: ['templates'],
    actingTypes: agentTypes,
    body: withAuthParams({
      templateId: z.string().min(1, 'Please choose a template.'),
      templateFields: z.record(z.string(), z.string().max(5000)).default({}),
      publish: z.boolean().optional(),
    }),
    response: campaignResponse,
    handler: (req) => agents.createFromTemplate(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/detachAgentFromTemplate',
    summary: 'Stop following the template: the agent keeps its text (mode FULL_AGENT)',
    tags: ['templates'],
    actingTypes: agentTypes,
    body: withAuthParams({}).nullish(),
    response: campaignResponse,
    handler: (req) => agents.detach(authOf(req)),
  });

  // The organization's own language model (model.ts): status, save, remove, and a real test request.
  const models = s.agentRuntime.models;
  route(app, {
    method: 'GET',
    url: '/api/v2/agent/model',
    summary: 'Which mode customers meet (a language model, or taking messages without one) and the organization’s own connection',
    tags,
    actingTypes: agentTypes,
    response: modelStatus,
    handler: (req) => models.status(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/agent/model',
    summary:
      'Connect a language model for the organization’s agents (OpenAI, Anthropic, or an OpenAI-compatible server); the key is stored sealed',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams(modelConnectionInput.shape),
    response: modelStatus,
    handler: (req) => models.save(authOf(req), modelConnectionInput.parse(req.body)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/agent/model/test',
    summary: 'Test a connection with one small request: the provider’s answer or its error',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams(modelConnectionInput.shape),
    response: modelTestResult,
    handler: (req) => models.test(authOf(req), modelConnectionInput.parse(req.body)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/agent/model/remove',
    summary: 'Remove the organization’s own connection (its agents use the server’s model, or take messages)',
    tags,
    actingTypes: agentTypes,
    body: withAuthParams({}).nullish(),
    response: modelStatus,
    handler: (req) => models.remove(authOf(req)),
  });
}
