import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { recordingSocket } from '../../testing/processes.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../testing/voice.ts';

/**
 * Without a language model the agent takes messages: on the public chat and on a phone call it greets,
 * asks what its settings name one question at a time, and hands the conversation to a person (Priority,
 * "Message taken", the details on the contact). Its instructions never reach the customer.
 */
const SECRET = 'Internal rule 7f3a9c: when the caller asks for a person, transfer the call to the back office.';
const INSTRUCTIONS = `You are the receptionist of Bright Smiles.\n${SECRET}\nOur opening hours are 9am to 5pm.`;

let t: TestApp;
let org: Session;
let orgName: string;
let number: string;
let base: string;

beforeAll(async () => {
  // No model and no stand-in: what a default install does.
  t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_STAND_IN: 'none' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  org = await t.signUp('owner@smiles.test', { businessName: 'Bright Smiles' });
  orgName = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username;
  const saved = await t.request('POST', '/api/v2/campaign', {
    token: org.token,
    body: {
      agentInstructions: INSTRUCTIONS,
      greeting: 'Hello, thanks for contacting Bright Smiles! How can I help you today?',
      analysisFields: [{ name: 'name', type: 'string', description: 'The caller’s name.' }],
    },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.campaign.messageFields).toEqual(['name', 'contact', 'reason']);
  expect((await t.request('POST', '/api/v2/agent/publish', { token: org.token, body: {} })).status).toBe(200);
  number = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).body.number;
});
afterAll(async () => {
  await t.close();
});

const conversation = async (roomId: string) => (await t.request('GET', `/api/v1/conversations/${roomId}`, { token: org.token })).body;
const inbox = async (type: 'priority' | 'agent') =>
  (await t.request('GET', '/api/v1/conversations', { token: org.token, query: { type } })).body.rooms as { roomId: string }[];
const priority = () => inbox('priority');
const contacts = async (search: string) =>
  (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search } })).body.contacts as any[];

/** No line of the instructions, and no internal note, in what the customer was told. */
function expectNothingInternal(said: string[]) {
  for (const text of said) {
    expect(text).not.toContain('7f3a9c');
    expect(text).not.toContain('back office');
    expect(text).not.toContain('opening hours');
    expect(text).not.toMatch(/language model|offline|instructions/i);
  }
}

describe('the agent without a language model', () => {
  it('takes a message on the public chat and hands the conversation to a person', async () => {
    const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const send = async (body: string) => {
      const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: orgName, body } });
      expect(sent.status).toBe(200);
      await t.services.inbox.queue.drain();
      return sent.body.roomId as string;
    };
    const roomId = await send('Hi, I have a toothache, can someone call me? My name is Victor.');
    let thread = await conversation(roomId);
    const agentLines = () => thread.messages.filter((m: any) => m.sender.kind === 'agent').map((m: any) => m.body as string);
    // The greeting, a person will get back to them, and only what is missing: a way to reach Victor.
    expect(agentLines()).toEqual([
      'Hello, thanks for contacting Bright Smiles! I can take a message, and a person from Bright Smiles will get back to you. What is the best phone number or e-mail address to reach you?',
    ]);
    // Until the message is taken the agent has it: listed under the agent's inbox, not Priority, nothing needs a person.
    expect((await priority()).map((r) => r.roomId)).not.toContain(roomId);
    expect((await inbox('agent')).map((r) => r.roomId)).toContain(roomId);
    expect((await t.request('GET', '/api/v1/needsPerson', { token: org.token })).body.items).toEqual([]);

    await send('Sure: (415) 555-2671');
    thread = await conversation(roomId);
    expect(agentLines()[1]).toBe(
      'Thank you, Victor! I have passed your message on, and a person from Bright Smiles will get back to you soon.',
    );
    expectNothingInternal(agentLines());
    // "Message taken" in the thread, the conversation under Priority and on Home's needs-a-person list.
    const taken = thread.messages.find((m: any) => m.sender.kind === 'system' && m.body.startsWith('Message taken'));
    expect(taken.body).toBe('Message taken · name: Victor · phone: +14155552671 · reason: I have a toothache, can someone call me?');
    expect((await priority()).map((r) => r.roomId)).toContain(roomId);
    const needs = await t.request('GET', '/api/v1/needsPerson', { token: org.token });
    expect(needs.body.items).toEqual([expect.objectContaining({ roomId, kind: 'message', inboxType: 'priority', body: taken.body })]);
    // The details on the contact.
    const [victor] = await contacts('Victor');
    expect(victor).toMatchObject({ name: 'Victor' });
    expect(JSON.stringify(victor)).toContain('4155552671');
    expect(victor.notes).toContain('toothache');

    // Later messages are added to the message; the hand-off happens once.
    await send('Also, mornings are best');
    thread = await conversation(roomId);
    expect(agentLines()[2]).toMatch(/added that to your message/);
    expect(thread.messages.filter((m: any) => m.body.startsWith('Message taken'))).toHaveLength(1);
  });

  it('takes a message on a phone call, spoken, through the call pipeline', { timeout: 60_000 }, async () => {
    const hub = await recordingSocket(`${base}/api/v1/ws?token=${org.token}&targetAccountId=${org.id}`);
    try {
      await expect.poll(() => hub.messages.some((m) => m.type === 'ready')).toBe(true);
      t.services.voice.stt = new ScriptedStt(['Victor Hugo', 'I need to move my appointment to Friday']);
      t.services.voice.tts = new ToneTts(2);
      const from = '+12065550777';
      const rang = await t.request('POST', '/api/dev/carrier/call', { body: { from, to: number } });
      expect(rang.status).toBe(200);
      const callId = rang.body.call.id as string;
      const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
      caller.start(rang.body.ticket);
      const agentTurns = () =>
        hub.messages
          .filter((m) => m.type === 'call.transcript' && m.payload.callId === callId && m.payload.turn.role === 'agent')
          .map((m) => m.payload.turn.text as string);
      const speak = () => caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);

      // The caller's number is known: the opening asks for the name.
      await expect.poll(() => agentTurns().length, { timeout: 15_000 }).toBe(1);
      expect(agentTurns()[0]).toBe(
        'Hello, thanks for contacting Bright Smiles! I can take a message, and a person from Bright Smiles will get back to you. May I have your name?',
      );
      speak();
      await expect.poll(() => agentTurns().length, { timeout: 15_000 }).toBe(2);
      expect(agentTurns()[1]).toBe('What would you like us to know? Tell me what it is about.');
      speak();
      await expect.poll(() => agentTurns().length, { timeout: 15_000 }).toBe(3);
      expect(agentTurns()[2]).toBe(
        'Thank you, Victor Hugo! I have passed your message on, and a person from Bright Smiles will get back to you soon.',
      );
      expectNothingInternal(agentTurns());

      caller.send({ event: 'stop', streamSid: 'MZ' });
      await expect
        .poll(async () => (await t.request('GET', `/api/v1/calls/${callId}`, { token: org.token })).body.call.status)
        .toBe('completed');
      const call = (await t.request('GET', `/api/v1/calls/${callId}`, { token: org.token })).body.call;
      expectNothingInternal(call.transcript.map((x: { text: string }) => x.text));
      // The call's conversation is under Priority with the message, and the caller's contact has the details.
      expect((await priority()).map((r) => r.roomId)).toContain(call.roomId);
      const thread = await conversation(call.roomId);
      expect(thread.messages.map((m: any) => m.body)).toContain(
        'Message taken · name: Victor Hugo · phone: +12065550777 · reason: I need to move my appointment to Friday',
      );
      const [hugo] = await contacts('Victor Hugo');
      expect(hugo).toMatchObject({ name: 'Victor Hugo' });
      expect(hugo.notes).toContain('move my appointment');
      // The analysis after the call reads the message taken from what the agent recorded.
      await t.services.inbox.queue.drain();
      const analysed = (await t.request('GET', `/api/v1/calls/${callId}`, { token: org.token })).body.call.analysis;
      expect(analysed).toMatchObject({ source: 'actions', outcome: 'message_taken', fields: { name: 'Victor Hugo' } });
      expect(analysed.summary).toBe('Victor Hugo (+12065550777) left a message: I need to move my appointment to Friday');
    } finally {
      hub.ws.close();
    }
  });
});
