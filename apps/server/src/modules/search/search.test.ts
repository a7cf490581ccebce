import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '@switchboard/core/contracts/search';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.signUp('owner@heron.test', { businessName: 'Heron Dental' });
  other = await t.signUp('owner@kestrel.test', { businessName: 'Kestrel Plumbing' });
});
afterAll(async () => {
  await t.close();
});

describe('search', () => {
  it('finds the accounts of the caller’s tree', async () => {
    const r = await t.request('GET', '/api/v1/search/heron', { token: org.token });
    expect(r.status).toBe(200);
    expect(searchResponse.safeParse(r.body).error).toBeUndefined();
    expect(r.body.accounts.map((a: { id: number }) => a.id)).toEqual([org.id]);
  });

  it('another tree’s token reads nothing of this tree', async () => {
    for (const url of ['/api/v1/search/heron', '/api/v1/enhancedSearch/heron']) {
      const own = await t.request('GET', url, { token: other.token });
      expect(own.status, url).toBe(200);
      expect(own.body.accounts, url).toEqual([]);
      const named = await t.request('GET', url, { token: other.token, query: { targetAccountId: org.id } });
      expect(named.status, url).toBe(403);
      expect(named.body.success).toBe(false);
    }
  });
});
