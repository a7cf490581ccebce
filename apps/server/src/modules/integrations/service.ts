import { INTEGRATION_CATALOG, type IntegrationView } from '@switchboard/core/contracts/integrations';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { fromJson } from '../../platform/db/columns.ts';
import type { AuthContext } from '../auth/index.ts';
import { outboundUrlProblem } from '../../platform/http/outbound.ts';
import { ADAPTERS } from './adapters/index.ts';
import {
  adapterContext,
  INTEGRATION_MASK,
  integrationDefinition,
  isSecret,
  maskedAppData,
  openCredentials,
  sealCredentials,
} from './connection.ts';
import { integrationsRepository, type IntegrationRow } from './repository.ts';
import { mcpFunctions, type McpTool } from './mcp.ts';
import { isMcpSlug, mcpAdapter } from './mcpApps.ts';

/**
 * Integrations (spec §3, §7): per account and slug, the integration's settings (appData) and its
 * credentials, sealed with AES-256-GCM and only ever shown masked; its health from the last check or
 * call; the functions it adds to the agent (as an app of the apps registry, once connected).
 */
export function createIntegrationsService(deps: Deps) {
  const { db } = deps;
  const checkSlug = (slug: string) => {
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) throw badRequest('slug: lower-case letters, digits and - only', 'slug');
  };

  function view(slug: string, row: IntegrationRow | undefined): Omit<IntegrationView, 'success'> {
    const def = integrationDefinition(slug);
    const { tools, ...appData } = maskedAppData(row, openCredentials(deps, row));
    const name = isMcpSlug(slug) && typeof appData.name === 'string' && appData.name ? appData.name : def?.name;
    return {
      integrationSlug: slug,
      name: name ?? slug,
      description: def?.description ?? '',
      authKind: def?.authKind ?? null,
      fields: def?.fields ?? [],
      connected: def ? row?.connected_at != null : row != null,
      appData,
      health: { lastSuccessAt: row?.last_success_at ?? null, lastError: row?.last_error ?? null, lastErrorAt: row?.last_error_at ?? null },
      functions: isMcpSlug(slug) ? mcpFunctions(fromJson<McpTool[]>(tools, [])) : (def?.functions ?? []),
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** Calls the service with the stored credentials and records the outcome as the health. */
  async function check(accountId: number, slug: string) {
    const row = await integrationsRepository.read(db, accountId, slug);
    const adapter = isMcpSlug(slug) ? mcpAdapter : ADAPTERS[slug];
    if (!row || !adapter || row.connected_at == null) throw notFound('The integration is not connected.');
    const result = await adapter.check(adapterContext(deps, accountId, row));
    if (result.valid && result.settings) {
      await integrationsRepository.setAppData(db, accountId, slug, {
        ...fromJson<Record<string, unknown>>(row.app_data, {}),
        ...result.settings,
      });
    }
    const at = Date.now();
    await integrationsRepository.health(
      db,
      accountId,
      slug,
      result.valid ? { ok: true, at } : { ok: false, at, error: result.message ?? `status ${result.status}` },
    );
    return result;
  }

  return {
    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const rows = new Map((await integrationsRepository.list(db, ctx.acting.id)).map((r) => [r.slug, r]));
      return { success: true as const, integrations: INTEGRATION_CATALOG.map((d) => view(d.slug, rows.get(d.slug))) };
    },

    async get(ctx: AuthContext, slug: string) {
      await deps.requireAccess(ctx, 'canViewOrg');
      checkSlug(slug);
      const row = await integrationsRepository.read(db, ctx.acting.id, slug);
      // Neither in the catalog (nor an MCP server's slug) nor saved before: there is no such integration.
      if (!row && !integrationDefinition(slug)) throw notFound(`No integration named ${slug}.`);
      return { success: true as const, ...view(slug, row) };
    },

    /**
     * Merges appData; a key set to null is removed; a masked secret sent back keeps the stored one.
     * A catalog integration whose required fields are all set is connected and checked at once.
     */
    async save(ctx: AuthContext, slug: string, appData: Record<string, unknown>) {
      await deps.requireAccess(ctx, 'canEditOrg');
      checkSlug(slug);
      const def = integrationDefinition(slug);
      const row = await integrationsRepository.read(db, ctx.acting.id, slug);
      const settings = fromJson<Record<string, unknown>>(row?.app_data, {});
      const creds = openCredentials(deps, row);
      for (const [k, v] of Object.entries(appData)) {
        const secret = isSecret(def, k);
        if (v === null || v === '') {
          delete settings[k];
          delete creds[k];
        } else if (secret && v === INTEGRATION_MASK) continue;
        else if (secret) {
          if (typeof v !== 'string' || v.length > 4000)
            throw badRequest(`appData.${k}: must be text of at most 4000 characters`, `appData.${k}`);
          creds[k] = v;
        } else settings[k] = v;
      }
      if (JSON.stringify(settings).length > 20_000) throw badRequest('appData: too large', 'appData');
      for (const key of ['apiUrl', ...(isMcpSlug(slug) ? ['url'] : [])]) {
        if (settings[key] === undefined) continue;
        const problem =
          typeof settings[key] === 'string'
            ? await outboundUrlProblem(settings[key], { allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS })
            : 'must be text';
        if (problem) throw badRequest(`appData.${key}: The service URL ${problem}.`, `appData.${key}`);
      }
      delete settings.tools;
      const complete = def
        ? def.fields.every((f) => !f.required || (f.secret ? creds[f.name] : settings[f.name] != null && settings[f.name] !== ''))
        : true;
      const now = Date.now();
      const connectedAt = def && complete ? (row?.connected_at ?? now) : def ? null : now;
      await integrationsRepository.save(
        db,
        ctx.acting.id,
        slug,
        { appData: settings, credentials: sealCredentials(deps, creds), connectedAt },
        now,
      );
      if (def && complete && (ADAPTERS[slug] || isMcpSlug(slug))) await check(ctx.acting.id, slug);
      return { success: true as const, ...view(slug, await integrationsRepository.read(db, ctx.acting.id, slug)) };
    },

    /** Disconnects: the settings and credentials are deleted. */
    async remove(ctx: AuthContext, slug: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      checkSlug(slug);
      if (!(await integrationsRepository.remove(db, ctx.acting.id, slug))) throw notFound('The integration is not connected.');
      return { success: true as const };
    },

    /** Checks the connection now (spec §8: valid false with the status on failure). */
    async check(ctx: AuthContext, slug: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      checkSlug(slug);
      const r = await check(ctx.acting.id, slug);
      const v = view(slug, await integrationsRepository.read(db, ctx.acting.id, slug));
      return { success: true as const, valid: r.valid, status: r.status, ...(r.message ? { message: r.message } : {}), health: v.health };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
