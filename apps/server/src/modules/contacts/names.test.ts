import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** The inbox shows a contact's name instead of the number, and only the organization's own contacts. */
let t: TestApp;
let org: Session;
let other: Session;
let number: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@names.test', { businessName: 'Names Shop' });
  other = await t.signUp('owner@other-names.test', { businessName: 'Other Names' });
  const assigned = await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: {} });
  expect(assigned.status).toBe(200);
  number = (await t.request('GET', '/api/v1/account', { token: org.token })).body.vidaPhoneNumber;
});
afterAll(async () => {
  await t.close();
});

const rooms = async (s: Session) =>
  (await t.request('GET', '/api/v1/conversations', { token: s.token, query: { type: 'agent' } })).body.rooms as {
    username: string;
    contactName: string | null;
  }[];

describe('contact names in the inbox', () => {
  it('names a texter by the contact whose number matches in any format; an unknown number stays a number', async () => {
    expect(
      (await t.request('POST', '/api/v2/contact', { token: org.token, body: { name: 'Ann Lee', phones: ['(206) 555-0333'] } })).status,
    ).toBe(200);
    // Another tree's contact for another number must never name this organization's conversation.
    await t.request('POST', '/api/v2/contact', { token: other.token, body: { name: 'Secret Bob', phones: ['+1 206 555 0444'] } });
    for (const from of ['+1 206 555 0333', '+12065550444'])
      expect((await t.request('POST', '/api/dev/carrier/inbound', { body: { from, to: number, body: 'Hello?' } })).status).toBe(200);
    await t.services.inbox.queue.drain();
    const list = await rooms(org);
    const byNumber = Object.fromEntries(list.map((r) => [r.username.replace(/\D/g, ''), r.contactName]));
    expect(byNumber['12065550333']).toBe('Ann Lee');
    expect(byNumber['12065550444']).toBeNull();
    // Renaming the contact renames the conversation.
    const ann = (await t.request('GET', '/api/v2/contact', { token: org.token, query: { search: 'Ann' } })).body.contacts[0];
    await t.request('POST', '/api/v2/contact', { token: org.token, body: { id: ann.id, name: 'Ann Lee-Park' } });
    expect((await rooms(org)).find((r) => r.username.replace(/\D/g, '') === '12065550333')?.contactName).toBe('Ann Lee-Park');
    expect(await rooms(other)).toEqual([]);
  });

  it("names the contact in the logs, per organization: another tree's contact names nothing", async () => {
    const logs = async (s: Session, fields?: string) =>
      (await t.request('GET', '/api/v2/logs', { token: s.token, query: { kind: 'message', ...(fields ? { fields } : {}) } })).body.logs as {
        contact?: string | null;
        contactName?: string | null;
      }[];
    const mine = await logs(org);
    const named = mine.filter((l) => l.contact?.replace(/\D/g, '') === '12065550333');
    expect(named.length).toBeGreaterThan(0);
    for (const l of named) expect(l.contactName).toBe('Ann Lee-Park');
    const bob = mine.filter((l) => l.contact?.replace(/\D/g, '') === '12065550444');
    expect(bob.length).toBeGreaterThan(0);
    for (const l of bob) expect(l.contactName).toBeNull();
    // Without the contact field there is no name either.
    for (const l of await logs(org, 'id,summary')) expect(l).not.toHaveProperty('contactName');
    // The other tree sees none of it.
    expect((await logs(other)).some((l) => l.contactName)).toBe(false);
  });
});
