import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations } from './harness.ts';

/**
 * Without a language model Home says the agent takes messages; connecting one (an OpenAI-compatible
 * server: a fake on 127.0.0.1 standing in for Ollama) is tested for real from the dialog, then saved.
 */
describe('agents: without a model, then connecting one', () => {
  // A default install: no model, no stand-in; the fake model server on 127.0.0.1 is allowed like a local Ollama.
  const suite = browserSuite({ LLM_STAND_IN: 'none', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  let fake: http.Server;
  let fakeUrl: string;
  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: 'Hello there, friend!' } }],
            usage: { prompt_tokens: 5, completion_tokens: 4 },
          }),
        ),
      );
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
  });

  it('says "Taking messages (no language model)" on Home, and connects a model with a real test', async () => {
    const owner = await suite.signUp('model@agents.test', 'Lakeside Dental');
    const { context, page } = await suite.page(owner);
    await page.goto(`${suite.server.url}/app`);
    const state = page.getByTestId('agent-state');
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toContain('Taking messages (no language model)');

    await page.getByRole('button', { name: 'Connect a language model' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect a language model' });
    await dialog.getByLabel('Provider').selectOption('openai-compatible');
    await dialog.getByLabel('Base URL').fill(fakeUrl);
    await dialog.getByLabel('Model', { exact: true }).fill('llama3.2');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByTestId('model-test-result').getByText('Connected. The model answered: “Hello there, friend!”').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toContain('Live: answering chats');
    expect(await suite.call('GET', '/api/v2/agent/model', owner.token)).toMatchObject({
      mode: 'model',
      source: 'organization',
      model: 'llama3.2',
    });
    await context.close();
  });
});
