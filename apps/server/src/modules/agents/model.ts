import type { ModelConnection, ModelConnectionInput, ModelProvider } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { AnthropicProvider } from '../../platform/providers/llm/anthropic.ts';
import { LlmError, type LlmProvider } from '../../platform/providers/llm/index.ts';
import { OpenAiCompatibleProvider, type ModelFetch } from '../../platform/providers/llm/openai.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { outboundFetch, outboundUrlProblem, type OutboundInit } from '../../platform/http/outbound.ts';
import { llmConnectionsRepository } from './repository.ts';
import type { LlmConnectionsTable } from './tables.ts';

/**
 * An organization's own language model: OpenAI, Anthropic, or any OpenAI-compatible server (Ollama,
 * vLLM, LM Studio) by base URL. Stored per organization with the key sealed (platform/secrets); used for
 * all its agents instead of the server's environment (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL,
 * ANTHROPIC_API_KEY), which stays the default. A base URL must be a public address unless its host is in
 * WEBHOOK_ALLOW_HOSTS (a server on the same machine, a test's fake).
 */
const DEFAULT_BASE: Record<ModelProvider, string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  'openai-compatible': null,
};
/** A connection test waits this long for the provider's answer. */
const TEST_TIMEOUT_MS = 15_000;

export const orgIdOf = (account: AccountRow) =>
  account.account_type === 'agent' && account.organization_id ? account.organization_id : account.id;

const toConnection = (r: LlmConnectionsTable): ModelConnection => ({
  provider: r.provider,
  model: r.model,
  baseUrl: r.base_url,
  hasApiKey: Boolean(r.api_key),
  updatedAt: Number(r.updated_at),
});

export function createModelConnections(deps: Deps, envProvider: LlmProvider) {
  const { db } = deps;
  const box = () => secretBoxFor(deps.config);
  const policy = { allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS };

  function build(
    c: { provider: ModelProvider; model: string; baseUrl: string | null; apiKey: string | null },
    timeoutMs = deps.config.LLM_TIMEOUT_MS,
  ): LlmProvider {
    // The organization's base URL is theirs to give: it is reached only through the outbound policy, which
    // connects to the address it checked (no second lookup for a rebinding name to answer).
    const send: ModelFetch = (url, init) =>
      outboundFetch(url, { ...(init as OutboundInit), timeoutMs }, policy) as unknown as Promise<Response>;
    if (c.provider === 'anthropic') {
      return new AnthropicProvider({ apiKey: c.apiKey ?? '', model: c.model, baseUrl: c.baseUrl ?? undefined, timeoutMs, fetch: send });
    }
    return new OpenAiCompatibleProvider({
      baseUrl: c.baseUrl ?? DEFAULT_BASE.openai!,
      apiKey: c.apiKey ?? undefined,
      model: c.model,
      timeoutMs,
      fetch: send,
    });
  }

  /** The input checked: a base URL where the provider needs one, a key where it needs one, a public address. */
  async function resolve(orgId: number, input: ModelConnectionInput) {
    const saved = await llmConnectionsRepository.get(db, orgId);
    const baseUrl = input.baseUrl ?? (input.provider === 'openai-compatible' ? undefined : DEFAULT_BASE[input.provider]!);
    if (!baseUrl) throw badRequest('baseUrl: Please enter the server’s base URL, such as http://localhost:11434/v1 for Ollama.', 'baseUrl');
    const problem = await outboundUrlProblem(baseUrl, policy);
    if (problem) throw badRequest(`baseUrl: ${problem}`, 'baseUrl');
    // Leaving the key out keeps the saved one (the same provider's).
    const apiKey = input.apiKey ?? (saved && saved.provider === input.provider && saved.api_key ? box().open(saved.api_key) : null);
    if (!apiKey && input.provider !== 'openai-compatible')
      throw badRequest(`apiKey: Please enter the ${input.provider === 'openai' ? 'OpenAI' : 'Anthropic'} API key.`, 'apiKey');
    return {
      provider: input.provider,
      model: input.model,
      baseUrl: input.baseUrl ?? (input.provider === 'openai-compatible' ? baseUrl : null),
      apiKey,
    };
  }

  return {
    /** The model an account's agents use: the organization's connection, else the environment's (or none). */
    async providerFor(account: AccountRow): Promise<{ provider: LlmProvider; source: 'organization' | 'environment' | null }> {
      const row = await llmConnectionsRepository.get(db, orgIdOf(account));
      if (row) {
        try {
          return {
            provider: build({
              provider: row.provider,
              model: row.model,
              baseUrl: row.base_url,
              apiKey: row.api_key ? box().open(row.api_key) : null,
            }),
            source: 'organization',
          };
        } catch (err) {
          deps.log.error({ err, orgId: row.org_id }, 'the organization’s model connection cannot be opened');
        }
      }
      return { provider: envProvider, source: envProvider.name === 'none' ? null : 'environment' };
    },

    /** GET /api/v2/agent/model: which mode customers meet, and the saved connection. */
    async status(ctx: AuthContext) {
      const row = await llmConnectionsRepository.get(db, orgIdOf(ctx.acting));
      const { provider, source } = await this.providerFor(ctx.acting);
      return {
        success: true as const,
        mode: provider.name === 'none' ? ('messages' as const) : ('model' as const),
        source,
        provider: provider.name === 'none' ? null : provider.name,
        model: provider.name === 'none' ? null : provider.model,
        connection: row ? toConnection(row) : null,
        canEdit: Boolean(ctx.permissions.canEditOrg),
      };
    },

    /** POST /api/v2/agent/model: saves the organization's connection (the key sealed). */
    async save(ctx: AuthContext, input: ModelConnectionInput) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const orgId = orgIdOf(ctx.acting);
      const c = await resolve(orgId, input);
      const now = Date.now();
      const saved = await llmConnectionsRepository.get(db, orgId);
      await llmConnectionsRepository.put(db, {
        org_id: orgId,
        provider: c.provider,
        model: c.model,
        base_url: c.baseUrl,
        api_key: c.apiKey ? box().seal(c.apiKey) : null,
        created_at: Number(saved?.created_at ?? now),
        updated_at: now,
      });
      return this.status(ctx);
    },

    /** POST /api/v2/agent/model/remove: back to the environment's model (or to taking messages). */
    async remove(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await llmConnectionsRepository.remove(db, orgIdOf(ctx.acting));
      return this.status(ctx);
    },

    /** POST /api/v2/agent/model/test: one small real request; the provider's answer or its error. */
    async test(ctx: AuthContext, input: ModelConnectionInput) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const c = await resolve(orgIdOf(ctx.acting), input);
      const started = Date.now();
      try {
        const r = await build(c, TEST_TIMEOUT_MS).complete({
          system: 'You are checking a connection. Answer with a short greeting.',
          messages: [{ role: 'user', content: 'Say hello in five words or fewer.' }],
          tools: [],
          maxTokens: 20,
          signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
        });
        return {
          success: true as const,
          ok: true,
          answer: r.text.trim().slice(0, 500) || '(an empty answer)',
          error: null,
          ms: Date.now() - started,
        };
      } catch (err) {
        const message = err instanceof LlmError ? err.message : (err as Error).message;
        return { success: true as const, ok: false, answer: null, error: message.slice(0, 500), ms: Date.now() - started };
      }
    },
  };
}

export type ModelConnections = ReturnType<typeof createModelConnections>;
