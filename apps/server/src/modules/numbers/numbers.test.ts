import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalNumberDesk } from '../../platform/providers/carrier/localNumbers.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session;
let other: Session;
const as = (s: Session, body?: object) => ({
  token: s.token,
  query: { targetAccountId: s.id },
  ...(body ? { body: { targetAccountId: s.id, ...body } } : {}),
});
const search = async (s: Session, kind: 'prefix' | 'locality' | 'phrase', body: object) =>
  t.request('POST', `/api/v2/phoneNumber/search/local/${kind}`, as(s, body));
const numbersOf = async (s: Session) =>
  (await t.request('GET', '/api/v2/phoneNumbers', as(s))).body.phoneNumbers as {
    number: string;
    agentId: number | null;
    smsEnabled: boolean;
  }[];

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@numbers.test', { businessName: 'Number Shop' });
  other = await t.signUp('owner@numbers2.test', { businessName: 'Other Tree' });
});
afterAll(async () => {
  await t.close();
});

describe('searching the simulated carrier', () => {
  it('finds numbers by area code with their real city, region and capabilities', async () => {
    const res = await search(org, 'prefix', { prefix: '512', strict: true });
    expect(res.status).toBe(200);
    expect(res.body.numbers.length).toBeGreaterThan(5);
    for (const n of res.body.numbers) {
      expect(n.number).toMatch(/^\+1512[2-9]\d{6}$/);
      expect(n).toMatchObject({ locality: 'Austin', region: 'TX', country: 'US', capabilities: { voice: true } });
      expect(n.friendlyName).toMatch(/^\(512\) \d{3}-\d{4}$/);
    }
    const longer = await search(org, 'prefix', { prefix: '(512) 4', strict: true });
    expect(longer.body.numbers.every((n: { number: string }) => n.number.startsWith('+15124'))).toBe(true);
    expect(longer.body.numbers.length).toBeGreaterThan(0);
  });

  it('widens a prefix to the same region unless strict', async () => {
    const strict = await search(org, 'prefix', { prefix: '5129', strict: true });
    const wide = await search(org, 'prefix', { prefix: '5129', strict: false });
    expect(wide.body.numbers.length).toBeGreaterThan(strict.body.numbers.length);
    expect(wide.body.numbers.every((n: { region: string }) => n.region === 'TX')).toBe(true);
    expect(new Set(wide.body.numbers.map((n: { locality: string }) => n.locality)).size).toBeGreaterThan(1);
  });

  it('finds numbers by city and region, and in other countries', async () => {
    const sf = await search(org, 'locality', { city: 'san francisco', region: 'CA' });
    expect(sf.body.numbers.length).toBeGreaterThan(0);
    expect(
      sf.body.numbers.every((n: { number: string; locality: string }) => /^\+1(415|628)/.test(n.number) && n.locality === 'San Francisco'),
    ).toBe(true);
    const london = await search(org, 'locality', { city: 'London', country: 'GB' });
    expect(london.body.numbers[0]).toMatchObject({ country: 'GB', region: 'England', capabilities: { voice: true, sms: false } });
    expect(london.body.numbers[0].number).toMatch(/^\+4420\d{8}$/);
    const toronto = await search(org, 'locality', { city: 'Toronto', country: 'CA' });
    expect(toronto.body.numbers.every((n: { region: string }) => n.region === 'ON')).toBe(true);
    const nowhere = await search(org, 'locality', { city: 'Atlantis', region: 'ZZ' });
    expect(nowhere.body.numbers).toEqual([]);
    expect((await search(org, 'locality', { country: 'US' })).status).toBe(400);
    expect((await search(org, 'prefix', { prefix: '415', country: 'XX' })).body).toMatchObject({ field: 'country' });
  });

  it('finds vanity numbers whose digits spell the phrase', async () => {
    const res = await search(org, 'phrase', { phrase: 'PIZZA' });
    expect(res.status).toBe(200);
    expect(res.body.numbers.length).toBeGreaterThan(0);
    for (const n of res.body.numbers) {
      expect(n.number.slice(2)).toContain('74992');
      expect(n.vanity).toContain('PIZZA');
    }
    const local = await search(org, 'phrase', { phrase: 'flowers', city: 'Austin', region: 'TX' });
    for (const n of local.body.numbers) expect(n.number).toMatch(/^\+1(512|737)3569377$/);
    expect((await search(org, 'phrase', { phrase: '!' })).status).toBe(400);
  });
});

describe('buying and releasing', () => {
  let bought: string;

  it('buys a searched number, listed with its place; the carrier holds it', async () => {
    const found = await search(org, 'prefix', { prefix: '206', strict: true });
    bought = found.body.numbers[0].number;
    const res = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: bought }));
    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toMatchObject({ number: bought, kind: 'carrier', status: 'active', locality: 'Seattle', region: 'WA' });
    expect((await numbersOf(org)).map((n) => n.number)).toEqual([bought]);
    const account = await t.request('GET', '/api/v1/account', { token: org.token });
    expect(account.body.vidaPhoneNumber).toBe(bought);
    // It is no longer for sale.
    const again = await search(org, 'prefix', { prefix: '206', strict: true });
    expect(again.body.numbers.map((n: { number: string }) => n.number)).not.toContain(bought);
    // The sale is in the database: a carrier started afresh on it refuses the number.
    await expect(new LocalNumberDesk(t.database.db).buy(bought, 'someone', { voiceUrl: null, smsUrl: null })).rejects.toThrow(
      /bought by someone else/,
    );
  });

  it('says clearly when a number was taken between search and buy', async () => {
    const found = await search(org, 'prefix', { prefix: '303', strict: true });
    const [first, second] = found.body.numbers.map((n: { number: string }) => n.number);
    // Another customer of the carrier buys it after our search.
    expect((await t.request('POST', '/api/dev/carrier/numbers/sell', { body: { number: first } })).status).toBe(200);
    const lost = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: first }));
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ field: 'number', message: expect.stringContaining('bought by someone else after your search') });
    // Two of our organizations racing for one number: exactly one wins.
    const race = await Promise.all([
      t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: second })),
      t.request('POST', '/api/v2/phoneNumber/assign', as(other, { number: second })),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const notForSale = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: '+12125550000' }));
    expect(notForSale.status).toBe(422);
  });

  it('chooses the agent that answers and whether the number takes texts', async () => {
    const agent = await t.request('POST', '/api/v2/createAccount', {
      token: org.token,
      body: { targetAccountId: org.id, name: 'Night Desk', accountName: 'Night Desk' },
    });
    expect(agent.status).toBe(200);
    const routed = await t.request(
      'POST',
      '/api/v2/phoneNumber/route',
      as(org, { number: bought, agentId: agent.body.id, smsEnabled: false }),
    );
    expect(routed.body.phoneNumber).toMatchObject({ agentId: agent.body.id, smsEnabled: false });
    // Texts to it are refused now; a call to it is the agent's.
    const text = await t.request('POST', '/api/dev/carrier/inbound', { body: { from: '+12065550333', to: bought, body: 'hi' } });
    expect(text.status).toBe(404);
    const call = await t.request('POST', '/api/dev/carrier/call', { body: { from: '+12065550333', to: bought } });
    expect(call.status).toBe(200);
    const row = await t.database.db
      .selectFrom('calls')
      .select(['agent_id', 'account_id'])
      .where('id', '=', call.body.call.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_id: agent.body.id, account_id: org.id });
    // Another tree's agent cannot be chosen.
    const foreign = await t.request('POST', '/api/v2/createAccount', {
      token: other.token,
      body: { targetAccountId: other.id, name: 'Theirs', accountName: 'Theirs' },
    });
    const refused = await t.request('POST', '/api/v2/phoneNumber/route', as(org, { number: bought, agentId: foreign.body.id }));
    expect(refused.status).toBe(404);
    const back = await t.request('POST', '/api/v2/phoneNumber/route', as(org, { number: bought, agentId: null, smsEnabled: true }));
    expect(back.body.phoneNumber).toMatchObject({ agentId: null, smsEnabled: true });
  });

  it('keeps another tree from seeing, buying into, releasing or routing a number', async () => {
    expect((await t.request('GET', '/api/v2/phoneNumbers', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
    expect((await search(other, 'prefix', { prefix: '206' })).status).toBe(200);
    const into = await t.request('POST', '/api/v2/phoneNumber/assign', {
      token: other.token,
      body: { targetAccountId: org.id, number: '+14152000150' },
    });
    expect(into.status).toBe(403);
    const theirs = (await numbersOf(other)).map((n) => n.number);
    expect(theirs).not.toContain(bought);
    expect((await t.request('POST', '/api/v2/phoneNumber/release', as(other, { number: bought }))).status).toBe(404);
    expect((await t.request('POST', '/api/v2/phoneNumber/route', as(other, { number: bought, smsEnabled: false }))).status).toBe(404);
    expect(
      (await t.request('POST', '/api/v2/phoneNumber/release', { token: other.token, body: { targetAccountId: org.id, number: bought } }))
        .status,
    ).toBe(403);
    const mine = await numbersOf(org);
    expect(mine.find((n) => n.number === bought)).toMatchObject({ smsEnabled: true, agentId: null });
  });

  it('releases a number back to the carrier, for sale again', async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/release', as(org, { number: bought }));
    expect(res.status).toBe(200);
    const left = await numbersOf(org);
    expect(left.map((n) => n.number)).not.toContain(bought);
    const account = await t.request('GET', '/api/v1/account', { token: org.token });
    expect(account.body.vidaPhoneNumber).toBe(left[0]?.number ?? null);
    const sale = await t.database.db.selectFrom('carrier_numbers').select('status').where('number', '=', bought).executeTakeFirstOrThrow();
    expect(sale.status).toBe('released');
    const rebuy = await t.request('POST', '/api/v2/phoneNumber/assign', as(other, { number: bought }));
    expect(rebuy.status).toBe(200);
  });
});
