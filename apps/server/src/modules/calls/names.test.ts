import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ScriptedStt, ToneTts } from '../../testing/voice.ts';

/** The call log and a call's detail show the contact's name, only from the call's own organization. */
describe('contact names on calls', () => {
  let t: TestApp;
  let org: Session;
  let other: Session;
  const q = (s: Session) => ({ token: s.token, query: { targetAccountId: s.id } });

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    org = await t.signUp('owner@call-names.test', { businessName: 'Call Names' });
    other = await t.signUp('owner@other-call-names.test', { businessName: 'Other Call Names' });
    expect((await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).status).toBe(
      200,
    );
    t.services.voice.stt = new ScriptedStt([]);
    t.services.voice.tts = new ToneTts(5);
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the callee by the organization's contact in any number format; another tree's contact names nothing", async () => {
    expect(
      (await t.request('POST', '/api/v2/contact', { token: org.token, body: { name: 'Cara Diaz', phones: ['(415) 555-0101'] } })).status,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/v2/contact', { token: other.token, body: { name: 'Hidden Hal', phones: ['+1 415 555 0102'] } }))
        .status,
    ).toBe(200);
    const place = async (to: string) => {
      const r = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to, idempotencyKey: to } });
      expect(r.status).toBe(200);
      return r.body.call.id as string;
    };
    const cara = await place('+14155550101');
    const hal = await place('+14155550102');

    const list = (await t.request('GET', '/api/v1/calls', q(org))).body.calls as { id: string; contactName: string | null }[];
    expect(list.find((c) => c.id === cara)?.contactName).toBe('Cara Diaz');
    expect(list.find((c) => c.id === hal)?.contactName).toBeNull();
    const detail = await t.request('GET', `/api/v1/calls/${cara}`, q(org));
    expect(detail.body.call).toMatchObject({ to: '+14155550101', contactName: 'Cara Diaz' });
    expect((await t.request('GET', `/api/v1/calls/${hal}`, q(org))).body.call.contactName).toBeNull();

    // The other tree can neither read the call nor learn the name through it.
    const foreign = await t.request('GET', `/api/v1/calls/${cara}`, { token: other.token, query: { targetAccountId: org.id } });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(foreign.body)).not.toContain('Cara');
    expect((await t.request('GET', '/api/v1/calls', q(other))).body.calls).toEqual([]);

    // Renaming the contact renames the call.
    const c = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'Cara' } })).body.contacts[0];
    await t.request('POST', '/api/v2/contact', { token: org.token, body: { id: c.id, name: 'Cara Diaz-Ng' } });
    expect((await t.request('GET', `/api/v1/calls/${cara}`, q(org))).body.call.contactName).toBe('Cara Diaz-Ng');
  });
});
