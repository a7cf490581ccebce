import type { CallLiveEvent } from '@switchboard/core/contracts/calls';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { MediaClient, ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { DTMF_PAUSE_MS, dtmfTones, sendPaced } from './dtmf.ts';
import { CallSession, type AgentBrain } from './session.ts';

/** A scripted agent: answers a menu choice, and records every message it was given. */
function scriptedBrain() {
  const heard: string[] = [];
  const brain: AgentBrain = {
    greeting: async () => '',
    async *reply(_history, message) {
      heard.push(message);
      yield message.includes('pressed 1') ? 'You chose sales. ' : 'Thanks, I have your number.';
    },
  };
  return { brain, heard };
}

function sessionWith(brain: AgentBrain) {
  const events: CallLiveEvent[] = [];
  const s = new CallSession(
    { audio: () => undefined, mark: () => undefined, clear: () => undefined, event: (e) => events.push(e) },
    { stt: null, tts: null, brain },
  );
  const turns = () => events.flatMap((e) => (e.event === 'transcript' ? [`${e.turn.role}: ${e.turn.text}`] : []));
  return { s, turns };
}

describe('calls: DTMF the caller presses reaches the agent', () => {
  afterEach(() => vi.useRealTimers());

  it('collects keys until a pause, then gives them to the agent as one caller turn, and the agent replies', async () => {
    vi.useFakeTimers();
    const { brain, heard } = scriptedBrain();
    const { s, turns } = sessionWith(brain);
    s.dtmf('4');
    s.dtmf('2');
    s.dtmf('x'); // not a key: ignored
    await vi.advanceTimersByTimeAsync(DTMF_PAUSE_MS - 1);
    expect(heard).toEqual([]);
    s.dtmf('7');
    await vi.advanceTimersByTimeAsync(DTMF_PAUSE_MS - 1);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual(['(caller pressed 4 2 7)']);
    await vi.waitFor(() => expect(turns()).toEqual(['caller: (caller pressed 4 2 7)', 'agent: Thanks, I have your number.']));
    expect(s.events.filter((e) => e.type === 'dtmf').map((e) => e.detail)).toEqual(['4', '2', '7']);
    s.stop();
  });

  it("'#' sends the keys at once; a menu choice gets its answer; keys after the call ended or a take-over are dropped", async () => {
    vi.useFakeTimers();
    const { brain, heard } = scriptedBrain();
    const { s, turns } = sessionWith(brain);
    s.dtmf('1');
    s.dtmf('#');
    expect(heard).toEqual(['(caller pressed 1 #)']);
    await vi.waitFor(() => expect(turns().at(-1)).toBe('agent: You chose sales.'));
    s.kick();
    s.dtmf('5');
    await vi.advanceTimersByTimeAsync(DTMF_PAUSE_MS * 2);
    expect(heard).toHaveLength(1);
    s.stop();
  });
});

describe('calls: DTMF sent by the agent is paced', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one 20 ms frame at a time: each key is a 100 ms tone and a 60 ms gap, not a burst', async () => {
    vi.useFakeTimers();
    const frames = dtmfTones('12');
    expect(frames).toHaveLength(2 * 8);
    const sentAt: number[] = [];
    const t0 = Date.now();
    let done = false;
    void sendPaced(frames, () => sentAt.push(Date.now() - t0)).then(() => (done = true));
    expect(sentAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(100);
    expect(sentAt).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(300);
    expect(sentAt).toEqual(Array.from({ length: 16 }, (_, i) => i * 20));
    expect(done).toBe(true);
    // The second key's tone starts 160 ms after the first's (100 ms tone + 60 ms gap); the gap is silence.
    const silence = frames[5]!;
    expect(new Set(silence).size).toBe(1);
    expect([frames[6]!.equals(silence), frames[7]!.equals(silence), frames[4]!.equals(silence), frames[8]!.equals(silence)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('calls: DTMF over the media stream reaches the agent runtime', () => {
  let t: TestApp;
  let org: Session;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@dtmf.test', { businessName: 'Keypad Co' });
    t.services.voice.stt = new ScriptedStt([]);
    t.services.voice.tts = new ToneTts(5);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keys pressed on the phone (Media Streams `dtmf`) become a caller turn, the agent answers it, and both are stored', async () => {
    const placed = await t.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id } });
    expect(placed.status).toBe(200);
    const callId = placed.body.call.id as string;
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.body.ticket);
    const agentTurn = (m: any) => m.event === 'transcript' && m.turn.role === 'agent';
    await caller.until(agentTurn, 'the greeting');
    const mark = caller.messages.length;
    for (const digit of ['2', '#']) caller.send({ event: 'dtmf', streamSid: 'MZ', dtmf: { track: 'inbound_track', digit } });
    const pressed = await caller.until((m) => m.event === 'transcript' && m.turn.role === 'caller', 'the keys as a caller turn', mark);
    expect(pressed.turn.text).toBe('(caller pressed 2 #)');
    const reply = await caller.until(agentTurn, 'the agent’s reply', caller.messages.indexOf(pressed));
    expect(reply.turn.text.length).toBeGreaterThan(0);
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    const read = async () =>
      (await t.request('GET', `/api/v1/calls/${callId}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
    await expect.poll(async () => (await read()).status).toBe('completed');
    const transcript = (await read()).transcript.map((x: { role: string; text: string }) => `${x.role}: ${x.text}`);
    expect(transcript).toContain('caller: (caller pressed 2 #)');
    expect(transcript.indexOf('caller: (caller pressed 2 #)')).toBeLessThan(transcript.length - 1);
  });
});
