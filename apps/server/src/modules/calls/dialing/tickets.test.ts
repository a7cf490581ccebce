import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { processConfig } from '../../../testing/processes.ts';
import { MediaClient, ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { ticketKey } from './tickets.ts';

const SECRETS_KEY = crypto.randomBytes(32).toString('hex');

/** Several server processes on one database (PostgreSQL + Redis in production): a ticket made by one streams on another. */
describe('media-stream tickets across processes', () => {
  let a: TestApp;
  let org: Session;
  const others: BuiltApp[] = [];

  beforeAll(async () => {
    a = await createTestApp({ JOBS_AUTOSTART: 'false', SECRETS_KEY });
    org = await a.signUp('owner@tickets.test', { businessName: 'Tickets Co' });
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await a.close();
  });

  /** Another process: its own data directory, the same database, and the given secrets key. */
  async function process2(secretsKey: string): Promise<{ app: BuiltApp; base: string }> {
    const { config } = processConfig({ SECRETS_KEY: secretsKey });
    const app = await buildApp(config, { database: a.database });
    others.push(app);
    app.services.voice.stt = new ScriptedStt([]);
    app.services.voice.tts = new ToneTts(2);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `ws://127.0.0.1:${(app.app.server.address() as { port: number }).port}` };
  }

  const place = async () =>
    (await a.request('POST', '/api/v1/calls/web', { token: org.token, body: { targetAccountId: org.id } })).body as {
      ticket: string;
      call: { id: string };
    };

  it('a second process with the same secrets key streams a call placed on the first', async () => {
    const { base } = await process2(SECRETS_KEY);
    const placed = await place();
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.ticket);
    await caller.until((m) => m.event === 'status' && m.status === 'in-progress', 'the call connected on process 2');
    await caller.until((m) => m.event === 'transcript' && m.turn.role === 'agent', 'the greeting from process 2');
    const row = await a.request('GET', `/api/v1/calls/${placed.call.id}`, { token: org.token, query: { targetAccountId: org.id } });
    expect(row.body.call.status).toBe('in-progress');
    caller.ws.close();
  });

  it('a process with another secrets key refuses the ticket, and the call stays unanswered', async () => {
    const { base } = await process2(crypto.randomBytes(32).toString('hex'));
    const placed = await place();
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.ticket);
    const err = await caller.until((m) => m.event === 'error', 'the refusal');
    expect(err.message).toContain('cannot be streamed');
    await caller.closed();
    const row = await a.request('GET', `/api/v1/calls/${placed.call.id}`, { token: org.token, query: { targetAccountId: org.id } });
    expect(row.body.call.status).toBe('queued');
  });

  it('the key survives a restart: the same configuration makes the same key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-key-'));
    const k1 = ticketKey(loadConfig({ DATA_DIR: dir }));
    const k2 = ticketKey(loadConfig({ DATA_DIR: dir }));
    expect(k1.equals(k2)).toBe(true);
    expect(k1.length).toBe(32);
    expect(ticketKey(loadConfig({ DATA_DIR: dir, SECRETS_KEY })).equals(k1)).toBe(false);
  });
});
