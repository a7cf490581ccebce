import { afterAll, beforeAll, describe } from 'vitest';
import { startFake, type FakeServer } from '../../../testing/fakes/server.ts';
import { FAILURE_TIMEOUT_MS, providerFailureTable, thrownAttempt } from '../../../testing/providerFailures.ts';
import { AnthropicProvider } from './anthropic.ts';
import { LlmError, type LlmProvider } from './index.ts';
import { OpenAiCompatibleProvider } from './openai.ts';

/**
 * The language models' failures (docs/operations.md, "Provider failures"): what runPrompt answers for
 * each (LlmError.toProviderError), against a fake model API on 127.0.0.1.
 */
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFake(() => ({ status: 200, body: {} }));
});
afterAll(async () => {
  await fake?.close();
});

const ask = (p: LlmProvider) =>
  thrownAttempt(async () => {
    try {
      await p.complete({ system: 's', messages: [{ role: 'user', content: 'hi' }], tools: [] });
    } catch (err) {
      throw err instanceof LlmError ? err.toProviderError() : err;
    }
  });
// Both APIs answer errors as {error: {type, message}}.
const vendorError = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } });
// The model adapters say "did not answer" for every failure they cannot pass on, and keep no Retry-After of their own.
const overrides = {
  '429': { says: ['did not answer'], retryAfter: '30' },
  '500': { says: ['did not answer'] },
  'non-JSON': { says: ['did not answer'] },
} as const;

describe('OpenAI-compatible model', () => {
  providerFailureTable({
    fake: () => fake,
    vendorError,
    overrides,
    attempt: () =>
      ask(new OpenAiCompatibleProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'sk', model: 'm', timeoutMs: FAILURE_TIMEOUT_MS })),
  });
});

describe('Anthropic model', () => {
  providerFailureTable({
    fake: () => fake,
    vendorError,
    overrides,
    attempt: () => ask(new AnthropicProvider({ apiKey: 'ak', model: 'claude', baseUrl: fake.url, timeoutMs: FAILURE_TIMEOUT_MS })),
  });
});
