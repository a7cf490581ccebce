import type { AppDefinition } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { fromJson } from '../../platform/db/columns.ts';
import type { IntegrationAdapter } from './adapters/index.ts';
import { IntegrationCallError } from './adapters/index.ts';
import { callMcpTool, isMcpSlug, listMcpTools, mcpFunctions, type McpTool } from './mcp.ts';
import { integrationsRepository } from './repository.ts';

export { isMcpSlug };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** An MCP server as an integration adapter: the check lists its tools, a function is a tool call. */
export const mcpAdapter: IntegrationAdapter = {
  async check(ctx) {
    try {
      const tools = await listMcpTools(ctx.deps, text(ctx.settings.url), ctx.credentials.token);
      return { valid: true, status: 200, message: `${tools.length} tool${tools.length === 1 ? '' : 's'}.`, settings: { tools } };
    } catch (err) {
      if (err instanceof IntegrationCallError) return { valid: false, status: err.status, message: err.message };
      throw err;
    }
  },
  async run(ctx, fn, call) {
    const tools = fromJson<McpTool[]>(ctx.settings.tools, []);
    if (!tools.some((t) => t.name === fn)) throw new IntegrationCallError(`The MCP server has no tool ${fn}.`, null, 'rejected');
    return callMcpTool(ctx.deps, text(ctx.settings.url), ctx.credentials.token, fn, call.args);
  },
};

/** The account's connected MCP servers as apps of the registry (their tools are the functions). */
export async function mcpApps(db: DbOrTx, accountId: number): Promise<AppDefinition[]> {
  const rows = (await integrationsRepository.list(db, accountId)).filter((r) => isMcpSlug(r.slug) && r.connected_at != null);
  return rows.map((r) => {
    const data = fromJson<Record<string, unknown>>(r.app_data, {});
    return {
      appId: r.slug,
      appVersion: '1',
      builtIn: false,
      appData: {
        name: text(data.name) || r.slug,
        description: `MCP server ${text(data.url)}`,
        functions: mcpFunctions(fromJson<McpTool[]>(data.tools, [])),
        mcp: true,
      },
      dependencies: { providers: { auth: {} } },
    };
  });
}
