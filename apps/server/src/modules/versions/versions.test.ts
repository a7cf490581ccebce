import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('owner@versions.test', { businessName: 'Versioned Co' });
  stranger = await t.signUp('owner@elsewhere.test', { businessName: 'Elsewhere' });
});
afterAll(async () => {
  await t.close();
});

const base = (s: Session) => `/api/v2/agent/${s.id}/versions`;

describe('agent versions', () => {
  it('saves the staging copy as a version, renames it, and restores it after the draft changed', async () => {
    await t.request('POST', '/api/v2/campaign', { token: owner.token, body: { agentInstructions: 'First wording.' } });
    const saved = await t.request('POST', base(owner), { token: owner.token, body: { title: 'First' } });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toMatchObject({ title: 'First', source: 'staging' });
    const versionId = saved.body.version.id as number;

    const renamed = await t.request('PUT', `${base(owner)}/${versionId}/title`, { token: owner.token, body: { title: '  Launch  ' } });
    expect(renamed.body.version.title).toBe('Launch');

    await t.request('POST', '/api/v2/campaign', { token: owner.token, body: { agentInstructions: 'Second wording.' } });
    const restored = await t.request('POST', `${base(owner)}/${versionId}/restore`, { token: owner.token, body: {} });
    expect(restored.status).toBe(200);
    expect(restored.body.campaign.agentInstructions).toBe('First wording.');

    const list = await t.request('GET', base(owner), { token: owner.token, query: { includeData: true } });
    expect(list.body.versions).toHaveLength(1);
    expect(list.body.versions[0]).toMatchObject({ id: versionId, title: 'Launch' });
  });

  it('names the field of a bad title, and finds no version of another account', async () => {
    const listed = await t.request('GET', base(owner), { token: owner.token });
    const versionId = listed.body.versions[0].id as number;
    const empty = await t.request('PUT', `${base(owner)}/${versionId}/title`, { token: owner.token, body: { title: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, code: 'bad_request', field: 'title' });

    // Another organization can neither list nor touch this agent's versions.
    const foreign = await t.request('GET', base(owner), { token: stranger.token });
    expect(foreign.status).toBe(403);
    const other = await t.request('PUT', `${base(stranger)}/${versionId}/title`, { token: stranger.token, body: { title: 'Mine' } });
    expect(other.status).toBe(404);
  });
});
