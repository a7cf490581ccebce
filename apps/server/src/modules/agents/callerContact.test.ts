import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmProvider, LlmRequest, LlmResult, LlmToolCall } from '../../platform/providers/llm/index.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { campaignsRepository, defaultCampaign } from './repository.ts';
import { createAgentRuntime } from './runtime.ts';

/**
 * Agents know who is calling and read and update the caller's contact through functions.
 * A scripted model calls the contacts app; the contact is found, created and updated by the number in use.
 */
class ScriptedLlm implements LlmProvider {
  readonly name = 'scripted';
  readonly model = 'scripted';
  next: Omit<LlmToolCall, 'id'>[] = [];
  systems: string[] = [];
  async complete(req: LlmRequest): Promise<LlmResult> {
    this.systems.push(req.system);
    const last = req.messages.at(-1)!;
    const usage = { inputTokens: 1, outputTokens: 1 };
    if (last.role === 'tool') return { text: last.content, toolCalls: [], usage };
    const call = this.next.shift();
    return { text: '', toolCalls: call ? [{ id: `c${Math.random()}`, ...call }] : [], usage };
  }
  async *stream(req: LlmRequest) {
    yield { type: 'done' as const, result: await this.complete(req) };
  }
}

let t: TestApp;
let org: Session;
let other: Session;
const llm = new ScriptedLlm();
let runtime: ReturnType<typeof createAgentRuntime>;
const CALLER = '+14155550187';
let turn = 0;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@callers.test', { businessName: 'Caller Co' });
  other = await t.signUp('owner@other-callers.test', { businessName: 'Other Callers' });
  for (const s of [org, other]) {
    await campaignsRepository.put(t.database.db, s.id, 'default', {
      ...defaultCampaign(),
      apps: [{ appId: 'contacts', version: '1' }],
      enabledFunctions: { 'contacts:1': ['get_contact', 'save_contact'] },
    });
  }
  runtime = createAgentRuntime(t.services.deps, { llm });
});
afterAll(async () => {
  await t.close();
});

const say = async (accountId: number, call: Omit<LlmToolCall, 'id'> | null, from = CALLER, channel: 'voice' | 'sms' | 'chat' = 'voice') => {
  if (call) llm.next.push(call);
  const r = await runtime.respond({
    accountId,
    history: [],
    message: `turn ${++turn}`,
    channel,
    conversation: { roomId: `room-${from}`, from },
  });
  return { reply: r, result: r.functionCalls?.[0]?.result as Record<string, unknown> | undefined };
};
const contactsOf = async (s: Session) =>
  (await t.request('GET', '/api/v2/contact', { token: s.token })).body.contacts as {
    name: string;
    phones: string[];
    emails: string[];
    notes: string;
  }[];

describe("the caller's contact", () => {
  it('a new caller has none; what they say creates it, keyed by the number of the call', async () => {
    expect((await say(org.id, { name: 'get_contact', arguments: {} })).result).toMatchObject({ found: false });
    const saved = await say(org.id, {
      name: 'save_contact',
      arguments: { name: 'Nora Diaz', email: 'nora@example.com', note: 'Prefers mornings', phone: '+19995550000' },
    });
    expect(saved.result).toMatchObject({ ok: true, name: 'Nora Diaz', phones: [CALLER], emails: ['nora@example.com'] });
    // On a call the number in use counts: the number the caller named is ignored.
    expect(await contactsOf(org)).toEqual([
      expect.objectContaining({ name: 'Nora Diaz', phones: [CALLER], emails: ['nora@example.com'], notes: 'Prefers mornings' }),
    ]);
  });

  it('the agent is told the saved name, reads the contact, and adds to it', async () => {
    await say(org.id, null);
    expect(llm.systems.at(-1)).toContain(`Nora Diaz (${CALLER}), a saved contact`);
    expect((await say(org.id, { name: 'get_contact', arguments: {} })).result).toMatchObject({
      found: true,
      name: 'Nora Diaz',
      notes: 'Prefers mornings',
    });
    await say(org.id, { name: 'save_contact', arguments: { note: 'Asked about whitening' } }, CALLER, 'sms');
    expect((await contactsOf(org))[0]!.notes).toBe('Prefers mornings\nAsked about whitening');
    expect(await contactsOf(org)).toHaveLength(1);
  });

  it("another organization's agent neither sees nor changes this contact", async () => {
    await say(other.id, null);
    expect(llm.systems.at(-1)).not.toContain('Nora Diaz');
    expect((await say(other.id, { name: 'get_contact', arguments: {} })).result).toMatchObject({ found: false });
    await say(other.id, { name: 'save_contact', arguments: { name: 'Somebody Else' } });
    expect((await contactsOf(org))[0]!.name).toBe('Nora Diaz');
    expect((await contactsOf(other)).map((c) => c.name)).toEqual(['Somebody Else']);
  });
});
