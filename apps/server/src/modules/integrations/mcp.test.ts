import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** An MCP server from the SDK over streamable HTTP on 127.0.0.1 with two tools, behind a bearer token. */
let mcp: http.Server;
let mcpUrl: string;
const calls: { tool: string; args: unknown }[] = [];

function mcpServer() {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  server.registerTool(
    'lookup_order',
    { description: 'Look up an order by its number', inputSchema: { orderNumber: z.string() } },
    async ({ orderNumber }) => {
      calls.push({ tool: 'lookup_order', args: { orderNumber } });
      return { content: [{ type: 'text', text: `Order ${orderNumber} ships tomorrow.` }] };
    },
  );
  server.registerTool(
    'cancel_order',
    { description: 'Cancel an order', inputSchema: { orderNumber: z.string() } },
    async ({ orderNumber }) => {
      calls.push({ tool: 'cancel_order', args: { orderNumber } });
      return { content: [{ type: 'text', text: 'cancelled' }] };
    },
  );
  return server;
}

/** A fake OpenAI-compatible model: asks for lookup_order, then answers with what the tool said. */
let model: FakeServer;
const modelSaw: any[] = [];

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  mcp = http.createServer(async (req, res) => {
    if (req.headers.authorization !== 'Bearer mcp-secret') return void res.writeHead(401).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    // Stateless: one server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = mcpServer();
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => mcp.listen(0, '127.0.0.1', r));
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;
  model = await startFake((r) => {
    modelSaw.push(r.body);
    const last = r.body.messages.at(-1);
    const message =
      last.role === 'tool'
        ? { role: 'assistant', content: `Here is what I found: ${last.content}` }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'lookup_order', arguments: JSON.stringify({ orderNumber: '4411' }) } },
            ],
          };
    return {
      status: 200,
      body: { id: 'x', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }], usage: { total_tokens: 10 } },
    };
  });
  t = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', LLM_BASE_URL: model.url, LLM_API_KEY: 'k' });
  owner = await t.signUp('owner@mcp.test');
});
afterAll(async () => {
  await t.close();
  await model.close();
  mcp.closeAllConnections();
  await new Promise((r) => mcp.close(r));
});

describe('MCP servers', () => {
  it('lists the server’s tools as agent functions, and the agent calls one through the OpenAI-compatible adapter', async () => {
    const saved = await t.request('POST', '/api/v2/integration/mcp-orders', {
      token: owner.token,
      body: { appData: { name: 'Orders', url: mcpUrl, token: 'mcp-secret' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Orders',
      connected: true,
      appData: { token: '••••••••', url: mcpUrl },
      health: { lastError: null },
    });
    expect(saved.body.functions.map((f: any) => f.name)).toEqual(['lookup_order', 'cancel_order']);
    expect(saved.body.functions[0].parameters).toMatchObject({ type: 'object', properties: { orderNumber: { type: 'string' } } });

    const fns = await t.request('GET', '/api/v2/agent/functions', { token: owner.token });
    expect(fns.body.functions.filter((f: any) => f.appId === 'mcp-orders').map((f: any) => f.name)).toEqual([
      'lookup_order',
      'cancel_order',
    ]);

    // Per agent on and off: only lookup_order is enabled.
    const enabled = await t.request('POST', '/api/v2/campaign', {
      token: owner.token,
      body: { apps: [{ appId: 'mcp-orders', version: '1' }], enabledFunctions: { 'mcp-orders:1': ['lookup_order'] } },
    });
    expect(enabled.status).toBe(200);
    const r = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: owner.token,
      body: { targetAgent: owner.id, promptText: 'Where is my order 4411?' },
    });
    expect(r.body.functionCalls[0]).toMatchObject({
      name: 'lookup_order',
      appId: 'mcp-orders',
      ok: true,
      result: { result: 'Order 4411 ships tomorrow.' },
    });
    expect(r.body.response).toContain('ships tomorrow');
    expect(calls).toEqual([{ tool: 'lookup_order', args: { orderNumber: '4411' } }]);
    // The model was offered only the enabled tool, with the server's schema.
    expect(modelSaw[0].tools.map((x: any) => x.function.name)).toEqual(['lookup_order']);
    expect(modelSaw[0].tools[0].function.parameters.properties.orderNumber.type).toBe('string');
  });

  it('reports a refused token in the health, and refuses inside addresses without the allow-list', async () => {
    const bad = await t.request('POST', '/api/v2/integration/mcp-orders', { token: owner.token, body: { appData: { token: 'wrong' } } });
    expect(bad.body.health.lastError).toContain('MCP server failed');
    const inside = await t.request('POST', '/api/v2/integration/mcp-local', {
      token: owner.token,
      body: { appData: { url: 'http://10.1.1.1/mcp' } },
    });
    expect(inside.status).toBe(400);
    expect(inside.body.field).toBe('appData.url');
  });
});
