import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { csvCell } from './mappers.ts';
import { recordLog } from './index.ts';

let t: TestApp;
let org: Session;
let other: Session;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@logs.test', { businessName: 'Bright Dental' });
  other = await t.signUp('owner@other-logs.test', { businessName: 'Other Shop' });
  const me = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username as string;
  const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { token: string };
  const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: me, body: 'Hello, "quoted", and\na new line' } });
  roomId = sent.body.roomId;
  await t.services.inbox.queue.drain();
  await recordLog(t.database.db, { accountId: other.id, kind: 'message', status: 'received', summary: 'secret of another tree' });
});
afterAll(async () => {
  await t.close();
});

const logs = (s: Session, query: Record<string, unknown> = {}) => t.request('GET', '/api/v2/logs', { token: s.token, query });

describe('GET /api/v2/logs', () => {
  it('lists the message, the agent turn and the reply, newest first, written with what they record', async () => {
    const r = await logs(org);
    expect(r.status).toBe(200);
    const kinds = (r.body.logs as { kind: string; direction: string | null }[]).map((l) => `${l.kind}:${l.direction ?? ''}`);
    expect(kinds).toEqual(['message:outbound', 'agent_turn:', 'message:inbound']);
    expect(r.body.logs[2]).toMatchObject({ roomId, status: 'received', summary: 'Hello, "quoted", and\na new line' });
    expect(r.body.nextBefore).toBeNull();
  });

  it('filters by kind, direction text and status, picks fields, and pages by keyset', async () => {
    const turns = await logs(org, { kind: 'agent_turn' });
    expect(turns.body.logs).toHaveLength(1);
    const text = await logs(org, { text: 'QUOTED', fields: 'kind,summary' });
    expect(text.body.logs).toEqual([{ kind: 'message', summary: 'Hello, "quoted", and\na new line' }]);
    const none = await logs(org, { text: '100%' });
    expect(none.body.logs).toEqual([]);
    const first = await logs(org, { limit: 2 });
    expect(first.body.logs).toHaveLength(2);
    const second = await logs(org, { limit: 2, before: first.body.nextBefore });
    expect(second.body.logs.map((l: { kind: string }) => l.kind)).toEqual(['message']);
    const late = await logs(org, { startTime: Date.now() + 60_000 });
    expect(late.body.logs).toEqual([]);
  });

  it('exports CSV as a file with correct escaping', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/logs?format=csv&fields=kind,direction,summary&token=${org.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logs-/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('kind,direction,summary');
    expect(res.body).toContain('message,inbound,"Hello, ""quoted"", and\na new line"\r\n');
    expect(lines.at(-1)).toBe('');
  });

  it('never includes another tree’s rows, and refuses another tree’s agent', async () => {
    const r = await logs(org, { text: 'secret' });
    expect(r.body.logs).toEqual([]);
    const mine = await logs(other);
    expect(mine.body.logs.map((l: { summary: string }) => l.summary)).toEqual(['secret of another tree']);
    const agent = await t.request('POST', '/api/v2/createAccount', { token: other.token, body: { name: 'Their Agent' } });
    expect(agent.status).toBe(200);
    expect((await logs(org, { agentId: agent.body.id })).status).toBe(404);
    const csv = await t.app.inject({ method: 'GET', url: `/api/v2/logs?format=csv&targetAccountId=${other.id}&token=${org.token}` });
    expect(csv.statusCode).toBe(403);
  });

  it('answers malformed input with a 400 naming the field', async () => {
    expect((await logs(org, { kind: 'sms' })).body.field).toBe('kind');
    expect((await logs(org, { fields: 'id,password' })).body.field).toBe('fields');
    expect((await logs(org, { format: 'xml' })).body.field).toBe('format');
    expect((await logs(org, { limit: 0 })).body.field).toBe('limit');
  });
});

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});

describe('retention', () => {
  it('prunes rows older than LOGS_RETENTION_DAYS (90 by default) and keeps the rest', async () => {
    const now = Date.now();
    await recordLog(t.database.db, {
      accountId: org.id,
      kind: 'error',
      status: 'failed',
      summary: 'ancient error',
      at: now - 91 * 86_400_000,
    });
    await recordLog(t.database.db, {
      accountId: org.id,
      kind: 'error',
      status: 'failed',
      summary: 'recent error',
      at: now - 89 * 86_400_000,
    });
    const before = (await logs(org, { kind: 'error' })).body.logs.map((l: { summary: string }) => l.summary);
    expect(before).toEqual(expect.arrayContaining(['ancient error', 'recent error']));
    expect(await t.services.logs.prune(now)).toBe(1);
    const after = (await logs(org, { kind: 'error' })).body.logs.map((l: { summary: string }) => l.summary);
    expect(after).toContain('recent error');
    expect(after).not.toContain('ancient error');
    expect(await t.services.logs.prune(now)).toBe(0);
  });
});
