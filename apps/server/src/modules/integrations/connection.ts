import { integrationDefinition as catalogDefinition, type IntegrationDefinition } from '@switchboard/core/contracts/integrations';
import type { Deps } from '../../deps.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import type { AdapterContext } from './adapters/index.ts';
import { integrationsRepository, type IntegrationRow } from './repository.ts';

/** Keys whose values are secrets for slugs outside the catalog (the catalog names its secret fields). */
const SECRET_KEY = /token|secret|password|apikey|api_key|key$|pat$/i;
export const INTEGRATION_MASK = '••••••••';

export const isSecret = (def: IntegrationDefinition | undefined, key: string) =>
  def ? def.fields.some((f) => f.name === key && f.secret) : SECRET_KEY.test(key);

export function openCredentials(deps: Deps, row: IntegrationRow | undefined): Record<string, string> {
  if (!row?.credentials) return {};
  return JSON.parse(secretBoxFor(deps.config).open(row.credentials)) as Record<string, string>;
}

export const sealCredentials = (deps: Deps, creds: Record<string, string>): string | null =>
  Object.keys(creds).length ? secretBoxFor(deps.config).seal(JSON.stringify(creds)) : null;

/** The settings with each set secret shown as the mask (never the value). */
export function maskedAppData(row: IntegrationRow | undefined, creds: Record<string, string>): Record<string, unknown> {
  const settings = fromJson<Record<string, unknown>>(row?.app_data, {});
  return { ...settings, ...Object.fromEntries(Object.keys(creds).map((k) => [k, INTEGRATION_MASK])) };
}

/** What an adapter call needs, for a stored connection. */
export function adapterContext(deps: Deps, accountId: number, row: IntegrationRow): AdapterContext {
  return {
    deps,
    credentials: openCredentials(deps, row),
    settings: fromJson<Record<string, unknown>>(row.app_data, {}),
    async saveCredentials(next) {
      await integrationsRepository.setCredentials(deps.db, accountId, row.slug, sealCredentials(deps, next)!);
    },
  };
}

/** A catalog integration, or an MCP server (`mcp-<name>`: a server URL and an optional bearer token). */
export function integrationDefinition(slug: string): IntegrationDefinition | undefined {
  if (slug.startsWith('mcp-')) {
    return {
      slug,
      name: `MCP server ${slug.slice(4)}`,
      description: 'Tools of a Model Context Protocol server (streamable HTTP), as agent functions.',
      authKind: 'bearer',
      fields: [
        { name: 'name', label: 'Name' },
        { name: 'url', label: 'Server URL (streamable HTTP)', required: true },
        { name: 'token', label: 'Bearer token (optional)', secret: true },
      ],
      functions: [],
    };
  }
  return catalogDefinition(slug);
}
