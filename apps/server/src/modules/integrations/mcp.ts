import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AppFunction } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import { OutboundRefused, outboundFetch } from '../../platform/http/outbound.ts';
import { IntegrationCallError } from './adapters/index.ts';

/**
 * MCP servers (Model Context Protocol over streamable HTTP, the official TypeScript SDK). An
 * organization adds one as the integration `mcp-<name>` with `{url, token?}`; its tools, listed when it
 * is saved, become the functions of an app of the registry (per agent on/off through
 * enabledFunctions), and a call is `tools/call` with a timeout. Every request goes through the outbound
 * policy (`platform/http/outbound.ts`: no private, loopback or link-local address or local name unless
 * WEBHOOK_ALLOW_HOSTS, checked on the address the connection is made to).
 */
export const MCP_PREFIX = 'mcp-';
export const MCP_TIMEOUT_MS = 15_000;
export const MCP_MAX_TOOLS = 50;
export const isMcpSlug = (slug: string) => slug.startsWith(MCP_PREFIX);

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

async function withClient<T>(deps: Deps, url: string, token: string | undefined, fn: (c: Client) => Promise<T>): Promise<T> {
  const checkedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const target = input instanceof Request ? input.url : String(input);
    try {
      return await outboundFetch(
        target,
        { ...(init as object), timeoutMs: MCP_TIMEOUT_MS },
        { allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS },
      );
    } catch (err) {
      if (err instanceof OutboundRefused) throw new IntegrationCallError(`The MCP server URL ${err.message}.`, null, 'rejected');
      throw err;
    }
  }) as unknown as typeof fetch;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: checkedFetch,
    ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'switchboard', version: '1.0.0' });
  try {
    await client.connect(transport);
    return await fn(client);
  } catch (err) {
    if (err instanceof IntegrationCallError) throw err;
    const status = Number((err as { code?: unknown }).code);
    const s = Number.isInteger(status) && status >= 100 && status < 600 ? status : null;
    throw new IntegrationCallError(
      `The MCP server failed: ${(err as Error).message.slice(0, 200)}`,
      s,
      s === 401 || s === 403 ? 'auth' : 'unavailable',
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The server's tools as agent functions (names made safe, descriptions cut, the input schema kept). */
export async function listMcpTools(deps: Deps, url: string, token?: string): Promise<McpTool[]> {
  return withClient(deps, url, token, async (c) => {
    const { tools } = await c.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
    return tools.slice(0, MCP_MAX_TOOLS).map((t) => ({
      name: t.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64),
      description: (t.description ?? t.name).slice(0, 1000),
      inputSchema: t.inputSchema as Record<string, unknown>,
    }));
  });
}

export async function callMcpTool(deps: Deps, url: string, token: string | undefined, name: string, args: Record<string, unknown>) {
  return withClient(deps, url, token, async (c) => {
    const r = await c.callTool({ name, arguments: args }, undefined, { timeout: MCP_TIMEOUT_MS });
    const content = (r.content as { type: string; text?: string }[] | undefined) ?? [];
    const text = content
      .filter((p) => p.type === 'text')
      .map((p) => p.text ?? '')
      .join('\n')
      .slice(0, 8000);
    if (r.isError) throw new IntegrationCallError(`The tool ${name} failed: ${text.slice(0, 300)}`, null, 'rejected');
    return { ok: true, tool: name, result: text, summary: text.slice(0, 500) };
  });
}

export const mcpFunctions = (tools: McpTool[]): AppFunction[] =>
  tools.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema }));
