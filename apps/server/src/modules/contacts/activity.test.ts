import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ScriptedStt, ToneTts } from '../../testing/voice.ts';

/** A contact's conversations, calls and meetings in one place, only within its organization. */
let t: TestApp;
let org: Session;
let other: Session;
let number: string;
const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const meeting = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@activity.test', { businessName: 'Activity Co' });
  other = await t.signUp('owner@other-activity.test', { businessName: 'Other Activity' });
  expect((await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: {} })).status).toBe(200);
  number = (await t.request('GET', '/api/v1/account', { token: org.token })).body.vidaPhoneNumber;
  t.services.voice.stt = new ScriptedStt([]);
  t.services.voice.tts = new ToneTts(5);
});
afterAll(async () => {
  await t.close();
});

describe('a contact’s activity', () => {
  it('lists the contact’s conversations, calls and meetings; another tree reads none of it', async () => {
    const made = await t.request('POST', '/api/v2/contact', {
      token: org.token,
      body: { name: 'Dana Fox', phones: ['(206) 555-0177'], emails: ['Dana@Example.com'] },
    });
    expect(made.status).toBe(200);
    const id = made.body.contact.id as number;
    const twin = (
      await t.request('POST', '/api/v2/contact', { token: other.token, body: { name: 'Dana elsewhere', phones: ['+12065550177'] } })
    ).body.contact.id as number;

    // A text from Dana, a call to Dana, a meeting Dana booked (with a differently written number), and noise.
    expect((await t.request('POST', '/api/dev/carrier/inbound', { body: { from: '+12065550177', to: number, body: 'Hi' } })).status).toBe(
      200,
    );
    expect(
      (await t.request('POST', '/api/dev/carrier/inbound', { body: { from: '+12065550999', to: number, body: 'Not Dana' } })).status,
    ).toBe(200);
    await t.services.inbox.queue.drain();
    const call = await t.request('POST', '/api/v1/calls', {
      token: org.token,
      body: { targetAccountId: org.id, to: '+12065550177', idempotencyKey: 'dana' },
    });
    expect(call.status).toBe(200);
    await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'UTC', hours: allWeek, meetingTypes: [meeting] } });
    const host = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.username;
    const slots = (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'call', days: 3 } })).body.slots as {
      start: number;
    }[];
    const booked = await t.request('POST', `/api/v1/schedule/${host}/book`, {
      body: { meetingType: 'call', start: slots[3]!.start, name: 'Dana', email: 'dana@example.com', phone: '206-555-0177' },
    });
    expect(booked.status).toBe(200);
    await t.request('POST', `/api/v1/schedule/${host}/book`, {
      body: { meetingType: 'call', start: slots[5]!.start, name: 'Someone', email: 'someone@example.com', phone: '+12065550999' },
    });

    const a = await t.request('GET', `/api/v2/contact/${id}/activity`, { token: org.token });
    expect(a.status).toBe(200);
    expect(a.body.conversations.map((c: { address: string }) => c.address)).toEqual(['+12065550177']);
    expect(a.body.calls).toHaveLength(1);
    expect(a.body.calls[0]).toMatchObject({ id: call.body.call.id, direction: 'outbound', number: '+12065550177' });
    expect(a.body.meetings.map((m: { id: number }) => m.id)).toEqual([booked.body.booking.id]);

    // Another tree: cannot read the contact's activity, and its own contact with the same number shows none of it.
    const foreign = await t.request('GET', `/api/v2/contact/${id}/activity`, { token: other.token });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(foreign.body)).not.toContain('+12065550177');
    const theirs = await t.request('GET', `/api/v2/contact/${twin}/activity`, { token: other.token });
    expect(theirs.body).toMatchObject({ conversations: [], calls: [], meetings: [] });
    expect((await t.request('GET', `/api/v2/contact/abc/activity`, { token: org.token })).status).toBe(400);
  });
});
