import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { errorResponse } from '@switchboard/core';
import { openDatabase } from '../db.ts';
import { responseContractOf } from '../platform/http/route.ts';

/**
 * A fresh server on a fresh database for one test file. SQLite in a temporary directory by default;
 * PostgreSQL (a schema of its own, dropped afterwards) when TEST_DATABASE_URL is set.
 */
export const SUPER_ADMIN_EMAIL = 'root@admin.test';

export interface TestApp extends BuiltApp {
  dataDir: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { token?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  /** The newest code the outbox holds for an address. */
  lastCode(address: string): Promise<string>;
  signUp(email: string, extra?: Record<string, unknown>): Promise<Session>;
  signIn(email: string): Promise<Session>;
  /** A super admin session (its e-mail is in SUPER_ADMIN_EMAILS). */
  superAdmin(): Promise<Session>;
  /** A partner account with a signed-in session. */
  partner(name?: string): Promise<Session>;
}

export interface Session {
  token: string;
  id: number;
  email: string;
}

/**
 * Every response an API test receives is checked against its contract: a success against its route's
 * response schema (when it declares one), a JSON failure against the error envelope. A drift between
 * what a route returns and what it promises fails the test that saw it (contracts.test.ts shows this).
 */
export function checkResponse(method: string, url: string, status: number, body: unknown): void {
  const path = url.split('?')[0]!;
  const schema =
    status >= 200 && status < 300
      ? responseContractOf(method, path)
      : status >= 400 && body !== null && typeof body === 'object'
        ? errorResponse
        : undefined;
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    throw new Error(`${method} ${path} answered ${status} with a body that breaks its contract: ${issues}`);
  }
}

/**
 * `checkpointInBackground`: on SQLite, the WAL checkpointed from a worker thread, as the server opens
 * its database (app.ts); for benches that time the product's writes. Tests leave it off (a thread per app).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { checkpointInBackground?: boolean } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL,
    SIGNIN_RATE_LIMIT: '10000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Only the SIP tests open a SIP port (an ephemeral one).
    SIP_PORT: 'off',
    // Without a model the agent only takes messages; tests of functions use the keyword stand-in
    // (tests of the message taker pass LLM_STAND_IN: 'none').
    LLM_STAND_IN: 'keywords',
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const database = pgUrl
    ? await openDatabase({ url: pgUrl, pgSchema: schema, pgPoolSize: 5 })
    : await openDatabase({ sqliteFile: path.join(dataDir, 'test.db'), backgroundCheckpoint: opts.checkpointInBackground === true });
  const built = await buildApp(config, { database });
  await built.app.ready();

  const request: TestApp['request'] = async (method, url, opts = {}) => {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query[k] = String(v);
    if (opts.token) query.token = opts.token;
    const res = await built.app.inject({
      method,
      url,
      query,
      headers: opts.headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: any = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    checkResponse(method, url, res.statusCode, body);
    return { status: res.statusCode, body };
  };

  const lastCode = async (address: string) => {
    const row = await database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', address.toLowerCase().startsWith('+') ? address : address.toLowerCase())
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const code = row?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${address}`);
    return code;
  };

  const verify = async (email: string): Promise<Session> => {
    const res = await request('POST', '/api/v1/email/verify', { body: { email, verificationCode: await lastCode(email) } });
    if (res.status !== 200) throw new Error(`verify failed: ${JSON.stringify(res.body)}`);
    return { token: res.body.token, id: res.body.id, email };
  };

  const signUp: TestApp['signUp'] = async (email, extra = {}) => {
    const res = await request('POST', '/api/v1/signup/email', { body: { email, name: 'Test User', businessName: 'Test Org', ...extra } });
    if (res.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
    return verify(email);
  };

  const signIn: TestApp['signIn'] = async (email) => {
    const res = await request('POST', '/api/v1/signin/email', { body: { email } });
    if (res.status !== 200) throw new Error(`signin failed: ${JSON.stringify(res.body)}`);
    return verify(email);
  };

  let admin: Session | undefined;
  const superAdmin = async () => {
    if (!admin) admin = await signUp(SUPER_ADMIN_EMAIL, { businessName: 'Switchboard HQ' });
    return admin;
  };

  const partner: TestApp['partner'] = async (name = 'Partner Co') => {
    const a = await superAdmin();
    const email = `${crypto.randomBytes(4).toString('hex')}@partner.test`;
    const res = await request('POST', '/internal/createPartner', { token: a.token, body: { name, email } });
    if (res.status !== 200) throw new Error(`createPartner failed: ${JSON.stringify(res.body)}`);
    return signIn(email);
  };

  return {
    ...built,
    dataDir,
    request,
    lastCode,
    signUp,
    signIn,
    superAdmin,
    partner,
    async close() {
      await built.close();
      await database.close();
      if (pgUrl) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
