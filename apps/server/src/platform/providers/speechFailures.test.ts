import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { FAILURE_TIMEOUT_MS, PROVIDER_FAILURES, type CaseName, type VendorError } from '../../testing/providerFailures.ts';
import { tone } from '../../testing/voice.ts';
import { SpeechError } from './speech.ts';
import { DeepgramStt } from './stt/deepgram.ts';
import { OpenAiStt } from './stt/openai.ts';
import { ElevenLabsTts } from './tts/elevenlabs.ts';
import { OpenAiTts } from './tts/openai.ts';

/**
 * The speech adapters' failures on calls (docs/operations.md, "Provider failures"): each meets the shared
 * table (400, 401, 404, 429, 500, a timeout, a page that is not what was asked for) from a fake on
 * 127.0.0.1 and throws a SpeechError that names the provider and what happened, with `retryable` set
 * for 429, 5xx, timeouts and unreadable answers; a call shows its message once as a notice.
 */
const second = tone(1);
const seconds = `${FAILURE_TIMEOUT_MS / 1000} s`;

// No failure may escape as an unhandled rejection (a stream nobody awaits, a late socket error).
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown) => unhandled.push(err);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});
afterEach(() => {
  expect(unhandled).toEqual([]);
});

interface Want {
  status: number | null;
  retryable: boolean;
  says: readonly (string | RegExp)[];
}

/** What each case of the shared table gives, for a provider and its key variable. */
function expected(provider: string, keyVar: string): Record<CaseName, Want> {
  return {
    '400': { status: 400, retryable: false, says: [`${provider} refused the request (400)`, 'Fake says the request is malformed'] },
    '401': { status: 401, retryable: false, says: [`${provider} refused the API key (401): check ${keyVar}.`] },
    '404': { status: 404, retryable: false, says: [`${provider} refused the request (404)`, 'Fake says there is no such thing'] },
    '429': { status: 429, retryable: true, says: [`${provider} is rate limiting or out of quota (429)`] },
    '500': { status: 500, retryable: true, says: [`${provider} is unavailable (500)`, 'Fake is on fire'] },
    timeout: { status: null, retryable: true, says: [`${provider} did not answer within ${seconds}.`] },
    'non-JSON': { status: null, retryable: true, says: [`${provider} sent an answer that could not be read`] },
  };
}

async function thrown(run: () => Promise<unknown>): Promise<SpeechError> {
  const err = await run().then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SpeechError);
  return err as SpeechError;
}

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFake(() => ({ status: 200, body: {} }));
});
afterAll(async () => {
  await fake?.close();
});

// OpenAI answers errors as {error: {message}}; ElevenLabs as {detail: {status, message}}.
const openAiError: VendorError = (status, message) => ({ status, body: { error: { type: 'invalid_request_error', message } } });
const elevenLabsError: VendorError = (status, message) => ({ status, body: { detail: { status: 'error', message } } });

const adapters: { provider: string; keyVar: string; vendorError: VendorError; run: () => Promise<unknown> }[] = [
  {
    provider: 'OpenAI transcription',
    keyVar: 'OPENAI_API_KEY',
    vendorError: openAiError,
    run: () => new OpenAiStt({ apiKey: 'sk', baseUrl: `${fake.url}/v1`, timeoutMs: FAILURE_TIMEOUT_MS }).transcribe(second),
  },
  {
    provider: 'OpenAI speech',
    keyVar: 'OPENAI_API_KEY',
    vendorError: openAiError,
    run: () => new OpenAiTts({ apiKey: 'sk', baseUrl: `${fake.url}/v1`, timeoutMs: FAILURE_TIMEOUT_MS }).synthesize('Hello.'),
  },
  {
    provider: 'ElevenLabs',
    keyVar: 'ELEVENLABS_API_KEY',
    vendorError: elevenLabsError,
    run: () => new ElevenLabsTts({ apiKey: 'xi', baseUrl: fake.url, timeoutMs: FAILURE_TIMEOUT_MS }).synthesize('Hello.'),
  },
];

for (const a of adapters) {
  describe(a.provider, () => {
    it.each(PROVIDER_FAILURES.map((c) => [c.name, c] as const))('%s', async (name, c) => {
      fake.failNext(c.reply(a.vendorError), 10);
      let err: SpeechError;
      try {
        err = await thrown(a.run);
      } finally {
        fake.clearFailures();
      }
      const want = expected(a.provider, a.keyVar)[name];
      expect(err.provider).toBe(a.provider);
      for (const s of want.says) expect(err.message).toMatch(s);
      expect({ status: err.status, retryable: err.retryable }).toEqual({ status: want.status, retryable: want.retryable });
    });
  });
}

/** A TCP server standing in for Deepgram's WebSocket endpoint: answers the upgrade request with `reply`, or never. */
async function fakeUpgrade(reply: string | null) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let head = '';
    socket.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      if (reply != null && head.includes('\r\n\r\n')) socket.end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const httpReply = (status: number, reason: string, body: string) =>
  `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;

describe('Deepgram (WebSocket)', () => {
  const cases: { name: string; reply: string | null; want: Want }[] = [
    {
      name: 'an upgrade refused with 401',
      reply: httpReply(401, 'Unauthorized', '{"err_code":"INVALID_AUTH","err_msg":"Invalid credentials."}'),
      want: { status: 401, retryable: false, says: ['Deepgram refused the API key (401): check DEEPGRAM_API_KEY.'] },
    },
    {
      name: 'an upgrade refused with 500',
      reply: httpReply(500, 'Internal Server Error', '{"err_code":"INTERNAL","err_msg":"Deepgram is having trouble"}'),
      want: { status: 500, retryable: true, says: ['Deepgram is unavailable (500)', 'Deepgram is having trouble'] },
    },
    {
      name: 'a server that never answers',
      reply: null,
      want: { status: null, retryable: true, says: [`Deepgram did not answer within ${seconds}.`] },
    },
  ];
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const server = await fakeUpgrade(c.reply);
    try {
      const stt = new DeepgramStt({ apiKey: 'dg', baseUrl: server.url, timeoutMs: FAILURE_TIMEOUT_MS });
      // As on a call: audio written while connecting, then the end of the turn.
      const s = stt.stream();
      s.write(second);
      const err = await thrown(() => s.finish());
      expect(err.provider).toBe('Deepgram');
      for (const w of c.want.says) expect(err.message).toMatch(w);
      expect({ status: err.status, retryable: err.retryable }).toEqual({ status: c.want.status, retryable: c.want.retryable });
    } finally {
      await server.close();
    }
  });
});
