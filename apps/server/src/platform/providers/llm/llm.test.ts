import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicProvider } from './anthropic.ts';
import { LlmError, type LlmRequest } from './index.ts';
import { OfflineResponder } from './offline.ts';
import { OpenAiCompatibleProvider } from './openai.ts';

/** A fake OpenAI-compatible and Anthropic endpoint on 127.0.0.1: the last user message picks the answer. */
let server: http.Server;
let base: string;
const seen: any[] = [];

function lastUser(body: any): string {
  const msgs = body.messages as any[];
  for (let i = msgs.length - 1; i >= 0; i--)
    if (msgs[i].role === 'user') return typeof msgs[i].content === 'string' ? msgs[i].content : 'tool-result';
  return '';
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ url: req.url, headers: req.headers, body });
      const say = lastUser(body);
      const json = (status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      if (say === 'slow') return; // never answers
      if (say === 'error') return json(500, { error: { message: 'model overloaded' } });
      if (req.url === '/v1/messages') {
        if (say === 'tool') {
          return json(200, {
            content: [
              { type: 'text', text: 'Booking.' },
              { type: 'tool_use', id: 'tu_1', name: 'book_appointment', input: { time: 'tomorrow at 3pm' } },
            ],
            usage: { input_tokens: 21, output_tokens: 9 },
          });
        }
        return json(200, { content: [{ type: 'text', text: `anthropic says: ${say}` }], usage: { input_tokens: 11, output_tokens: 4 } });
      }
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const send = (v: unknown) => res.write(`data: ${JSON.stringify(v)}\n\n`);
        if (say === 'tool') {
          send({
            choices: [{ delta: { tool_calls: [{ index: 0, id: 'call_9', function: { name: 'take_message', arguments: '{"mess' } }] } }],
          });
          send({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: 'age":"hi"}' } }] } }] });
        } else {
          send({ choices: [{ delta: { content: 'Hel' } }] });
          send({ choices: [{ delta: { content: 'lo!' } }] });
        }
        send({ choices: [], usage: { prompt_tokens: 30, completion_tokens: 3 } });
        return res.end('data: [DONE]\n\n');
      }
      if (say === 'tool') {
        return json(200, {
          choices: [
            {
              message: {
                role: 'assistant',
                content: null,
                tool_calls: [
                  { id: 'call_1', type: 'function', function: { name: 'book_appointment', arguments: '{"time":"friday 10am"}' } },
                ],
              },
            },
          ],
          usage: { prompt_tokens: 40, completion_tokens: 12 },
        });
      }
      return json(200, {
        choices: [{ message: { role: 'assistant', content: `You said: ${say}` } }],
        usage: { prompt_tokens: 25, completion_tokens: 5 },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const tool = {
  name: 'book_appointment',
  description: 'Book an appointment',
  parameters: { type: 'object', properties: { time: { type: 'string', description: 'When' } } },
  keywords: ['book', 'appointment'],
};
const req = (content: string): LlmRequest => ({ system: 'You are a receptionist.', messages: [{ role: 'user', content }], tools: [tool] });

describe('OpenAI-compatible adapter against a fake server', () => {
  // A generous limit for the fake's answers (a loaded CI machine took over 300 ms for the first one);
  // the timeout test uses a short one against a request the fake never answers.
  const p = (timeoutMs = 10_000) =>
    new OpenAiCompatibleProvider({ baseUrl: `${base}/v1`, apiKey: 'sk-test', model: 'test-model', timeoutMs });

  it('returns text and the reported usage, sending model, system prompt, tools and the key', async () => {
    const r = await p().complete(req('hello there'));
    expect(r).toEqual({ text: 'You said: hello there', toolCalls: [], usage: { inputTokens: 25, outputTokens: 5 } });
    const last = seen[seen.length - 1];
    expect(last.url).toBe('/v1/chat/completions');
    expect(last.headers.authorization).toBe('Bearer sk-test');
    expect(last.body.model).toBe('test-model');
    expect(last.body.messages[0]).toEqual({ role: 'system', content: 'You are a receptionist.' });
    expect(last.body.tools[0].function.name).toBe('book_appointment');
  });

  it('returns a tool call with parsed arguments', async () => {
    const r = await p().complete(req('tool'));
    expect(r.toolCalls).toEqual([{ id: 'call_1', name: 'book_appointment', arguments: { time: 'friday 10am' } }]);
  });

  it('turns an error status into an LlmError with the API’s message', async () => {
    const err = await p()
      .complete(req('error'))
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.status).toBe(500);
    expect(err.message).toContain('model overloaded');
  });

  it('gives up after the timeout', async () => {
    const err = await p(300)
      .complete(req('slow'))
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.timedOut).toBe(true);
  });

  it('streams text deltas, then the whole result', async () => {
    const events = [];
    for await (const e of p().stream(req('hi'))) events.push(e);
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta)).toEqual(['Hel', 'lo!']);
    expect(events.at(-1)).toEqual({ type: 'done', result: { text: 'Hello!', toolCalls: [], usage: { inputTokens: 30, outputTokens: 3 } } });
  });

  it('streams a tool call assembled from its pieces', async () => {
    const events = [];
    for await (const e of p().stream(req('tool'))) events.push(e);
    expect(events).toContainEqual({ type: 'tool_call', call: { id: 'call_9', name: 'take_message', arguments: { message: 'hi' } } });
  });

  it('sends tool results back as tool messages', async () => {
    await p().complete({
      system: 's',
      tools: [],
      messages: [
        { role: 'user', content: 'book me' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'book_appointment', arguments: { time: 'x' } }] },
        { role: 'tool', toolCallId: 'c1', name: 'book_appointment', content: '{"ok":true}' },
      ],
    });
    const body = seen[seen.length - 1].body;
    expect(body.messages[2].tool_calls[0]).toEqual({
      id: 'c1',
      type: 'function',
      function: { name: 'book_appointment', arguments: '{"time":"x"}' },
    });
    expect(body.messages[3]).toEqual({ role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' });
  });
});

describe('Anthropic adapter against a fake server', () => {
  const p = () => new AnthropicProvider({ apiKey: 'ak-test', model: 'claude-test', baseUrl: base, timeoutMs: 10_000 });

  it('returns text and tool use, with the key and version headers', async () => {
    expect((await p().complete(req('hi'))).text).toBe('anthropic says: hi');
    const r = await p().complete(req('tool'));
    expect(r.toolCalls).toEqual([{ id: 'tu_1', name: 'book_appointment', arguments: { time: 'tomorrow at 3pm' } }]);
    expect(r.usage).toEqual({ inputTokens: 21, outputTokens: 9 });
    const last = seen[seen.length - 1];
    expect(last.headers['x-api-key']).toBe('ak-test');
    expect(last.headers['anthropic-version']).toBe('2023-06-01');
    expect(last.body.tools[0].input_schema).toEqual(tool.parameters);
  });

  it('reports errors', async () => {
    await expect(p().complete(req('error'))).rejects.toThrow(/500: model overloaded/);
  });
});

describe('offline responder', () => {
  const o = new OfflineResponder();
  const agent = {
    instructions:
      'You are the receptionist of Bright Dental.\nOur opening hours are Monday to Friday, 9am to 5pm.\nParking is free behind the building.',
    greeting: 'Hello from Bright Dental!',
    name: 'Bright Dental',
  };

  it('greets with the agent’s greeting and says no model is configured', async () => {
    const r = await o.complete({ ...req('Hi!'), agent });
    expect(r.text).toContain('Hello from Bright Dental!');
    expect(r.text).toContain('No language model is configured');
  });

  it('answers a question from the instructions', async () => {
    const r = await o.complete({ ...req('What are your opening hours?'), agent });
    expect(r.text).toContain('Monday to Friday, 9am to 5pm');
    const parking = await o.complete({ ...req('is there parking?'), agent });
    expect(parking.text).toContain('Parking is free');
  });

  it('calls the function the message names, with arguments from the message', async () => {
    const r = await o.complete({ ...req('Can I book an appointment tomorrow at 3pm?'), agent });
    expect(r.toolCalls).toEqual([{ id: expect.any(String), name: 'book_appointment', arguments: { time: 'tomorrow at 3pm' } }]);
  });

  it('reports a function’s result after it ran', async () => {
    const r = await o.complete({
      system: '',
      tools: [tool],
      agent,
      messages: [
        { role: 'user', content: 'book me' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'book_appointment', arguments: {} }] },
        { role: 'tool', toolCallId: 'c', name: 'book_appointment', content: JSON.stringify({ ok: true, summary: 'Booked for Friday.' }) },
      ],
    });
    expect(r).toMatchObject({ text: 'Booked for Friday.', toolCalls: [] });
  });

  it('is deterministic and says so when it has no answer', async () => {
    const a = await o.complete({ ...req('What is the airspeed of a swallow?'), agent, tools: [] });
    const b = await o.complete({ ...req('What is the airspeed of a swallow?'), agent, tools: [] });
    expect(a).toEqual(b);
    expect(a.text).toContain("don't have an answer");
    expect(a.text).toContain('No language model is configured');
  });
});
