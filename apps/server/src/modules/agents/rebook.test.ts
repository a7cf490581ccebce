import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmProvider, LlmRequest, LlmResult, LlmToolCall } from '../../platform/providers/llm/index.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { campaignsRepository, defaultCampaign } from './repository.ts';
import { createAgentRuntime } from './runtime.ts';

/**
 * Callers reschedule and cancel by talking to the agent again. A scripted model calls the
 * schedule app's functions; the bookings move and cancel through the calendar's guarded paths.
 */
class ScriptedLlm implements LlmProvider {
  readonly name = 'scripted';
  readonly model = 'scripted';
  next: Omit<LlmToolCall, 'id'>[] = [];
  async complete(req: LlmRequest): Promise<LlmResult> {
    const last = req.messages.at(-1)!;
    const usage = { inputTokens: 1, outputTokens: 1 };
    // After a function ran, say its summary; otherwise make the next scripted call.
    if (last.role === 'tool') return { text: String((JSON.parse(last.content) as { summary?: string }).summary), toolCalls: [], usage };
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
let host: string;
const llm = new ScriptedLlm();
let runtime: ReturnType<typeof createAgentRuntime>;
const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const meeting = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };
const HOUR = 3_600_000;
const CALLER = '+14155552671';

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@rebook.test', { businessName: 'Rebook Co' });
  other = await t.signUp('owner@other-rebook.test', { businessName: 'Other Rebook' });
  for (const s of [org, other]) {
    await t.request('POST', '/api/v1/schedule', { token: s.token, body: { timezone: 'UTC', hours: allWeek, meetingTypes: [meeting] } });
    await campaignsRepository.put(t.database.db, s.id, 'default', {
      ...defaultCampaign(),
      apps: [{ appId: 'schedule', version: '1' }],
      enabledFunctions: { 'schedule:1': ['book_appointment', 'find_appointment', 'reschedule_appointment', 'cancel_appointment'] },
    });
  }
  host = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.username;
  runtime = createAgentRuntime(t.services.deps, { llm });
});
afterAll(async () => {
  await t.close();
});

const slots = async (h: string) =>
  (
    (await t.request('GET', `/api/v1/schedule/${h}/slots`, { query: { meetingType: 'call', days: 5 } })).body.slots as { start: number }[]
  ).map((s) => s.start);
const book = async (h: string, start: number, phone: string, email = 'vera@example.com') => {
  const r = await t.request('POST', `/api/v1/schedule/${h}/book`, {
    body: { meetingType: 'call', start, name: 'Vera Visitor', email, phone },
  });
  expect(r.status).toBe(200);
  return r.body.booking.id as number;
};
const row = (id: number) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const say = async (
  accountId: number,
  call: Omit<LlmToolCall, 'id'>,
  from = CALLER,
  channel: 'voice' | 'chat' = 'voice',
  message = 'hello',
) => {
  llm.next.push(call);
  return runtime.respond({ accountId, history: [], message, channel, conversation: { roomId: `room-${from}`, from } });
};
const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('rescheduling and cancelling by talking to the agent', () => {
  it('finds the caller’s booking by the number they call from and moves it to a free time; a taken time is offered alternatives', async () => {
    const free = (await slots(host)).filter((s) => s > Date.now() + 3 * HOUR);
    const id = await book(host, free[0]!, '(415) 555-2671');
    const taken = await book(host, free[2]!, '+14155550999', 'someone@example.com');

    const found = await say(org.id, { name: 'find_appointment', arguments: {} });
    expect(found.functionCalls[0]).toMatchObject({ name: 'find_appointment', ok: true });
    expect((found.functionCalls[0]!.result as { bookings: { id: number }[] }).bookings.map((b) => b.id)).toEqual([id]);

    // Asking for a time someone else holds: "just taken"-style refusal with free times, nothing moves.
    const clash = await say(org.id, { name: 'reschedule_appointment', arguments: { time: wall(free[2]!) } }, CALLER, 'voice', 'move it');
    expect(clash.functionCalls[0]).toMatchObject({ ok: false });
    expect(clash.text).toMatch(/Free times/);
    expect(Number((await row(id)).start_at)).toBe(free[0]);

    const moved = await say(
      org.id,
      { name: 'reschedule_appointment', arguments: { time: wall(free[4]!) } },
      CALLER,
      'voice',
      'move it later',
    );
    expect(moved.functionCalls[0]).toMatchObject({ ok: true, result: { booking: { id, status: 'active' } } });
    expect(moved.text).toContain('moved to');
    expect(Number((await row(id)).start_at)).toBe(free[4]);
    expect(Number((await row(taken)).start_at)).toBe(free[2]);
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('idempotency_key')
      .where('idempotency_key', '=', `booking:${id}:moved:${free[4]}`)
      .execute();
    expect(mails.length).toBeGreaterThan(0);
  });

  it('cancels once even when the turn is retried; the host is notified; the slot is free again', async () => {
    const start = (await slots(host)).filter((s) => s > Date.now() + 30 * HOUR)[0]!;
    const id = await book(host, start, '+1 415 555 3000');
    const from = '+14155553000';
    const a = await say(org.id, { name: 'cancel_appointment', arguments: {} }, from, 'voice', 'cancel please');
    const b = await say(org.id, { name: 'cancel_appointment', arguments: {} }, from, 'voice', 'cancel please');
    expect(a.functionCalls[0]).toMatchObject({ ok: true });
    expect(b.functionCalls[0]).toMatchObject({ ok: true });
    expect(a.text).toContain('cancelled');
    expect(await row(id)).toMatchObject({ status: 'cancelled', active_start: null });
    expect((await slots(host)).includes(start)).toBe(true);
    const notes = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', org.id)
      .where('kind', '=', 'booking')
      .execute();
    expect(notes.some((n) => n.title.includes('cancelled'))).toBe(true);
  });

  it('never touches another caller’s or another organization’s booking', async () => {
    const start = (await slots(host)).filter((s) => s > Date.now() + 40 * HOUR)[0]!;
    const id = await book(host, start, '+14155554000', 'owner-of-it@example.com');
    // On a call the number is the one calling: naming someone else's number changes nothing.
    const r = await say(org.id, { name: 'cancel_appointment', arguments: { phone: '+14155554000' } }, '+14155559999');
    expect(r.functionCalls[0]).toMatchObject({ ok: false });
    // The same caller talking to another organization's agent finds nothing there.
    const elsewhere = await say(other.id, { name: 'cancel_appointment', arguments: {} }, '+14155554000');
    expect(elsewhere.functionCalls[0]).toMatchObject({ ok: false });
    expect((await row(id)).status).toBe('active');
    // In a chat the visitor names the e-mail the booking was made with.
    const chat = await say(org.id, { name: 'find_appointment', arguments: { email: 'Owner-Of-It@example.com' } }, 'visitor-7', 'chat');
    expect((chat.functionCalls[0]!.result as { bookings: { id: number }[] }).bookings.map((b) => b.id)).toEqual([id]);
  });
});
