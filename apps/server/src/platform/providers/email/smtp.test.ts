import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/index.ts';
import { ProviderError } from '../../outbox/index.ts';
import { SmtpEmailProvider } from './smtp.ts';

/** The SMTP adapter against a real SMTP server on 127.0.0.1 that accepts, or rejects, mail. */
interface Received {
  to: string[];
  data: string;
}
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let db: DatabaseHandle;
/** A server that accepts connections and never says a word (no SMTP greeting). */
let silent: net.Server;
let silentPort: number;
const silentSockets = new Set<net.Socket>();
/** A port nothing listens on (taken, then released). */
let closedPort: number;
const schema = `smtp_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  db = await openDatabase(
    process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, pgSchema: schema } : { sqliteFile: ':memory:' },
  );
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith('@full.test')) return cb(Object.assign(new Error('Mailbox full'), { responseCode: 452 }));
      if (address.address.endsWith('@nobody.test')) return cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
  silent = net.createServer((socket) => {
    silentSockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as net.AddressInfo).port;
  await new Promise((resolve) => spare.close(resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const s of silentSockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
  if (process.env.TEST_DATABASE_URL) await db.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await db.close();
});

describe('SMTP e-mail adapter', () => {
  it('delivers a message and records it sent', async () => {
    const mail = new SmtpEmailProvider(`smtp://127.0.0.1:${port}`, 'Switchboard <no-reply@sb.test>', db.db);
    await mail.send({ to: 'ann@example.test', subject: '123456 is your code', text: 'Your code is 123456.', idempotencyKey: 'k1' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ann@example.test']);
    expect(received[0]!.data).toContain('Subject: 123456 is your code');
    const row = await db.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'k1').executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('never sends the same idempotency key twice', async () => {
    const mail = new SmtpEmailProvider(`smtp://127.0.0.1:${port}`, 'x@sb.test', db.db);
    const before = received.length;
    await mail.send({ to: 'bo@example.test', subject: 's', text: 't', idempotencyKey: 'k2' });
    await mail.send({ to: 'bo@example.test', subject: 's', text: 't', idempotencyKey: 'k2' });
    expect(received.length - before).toBe(1);
  });

  // The failures (docs/operations.md, "Provider failures"): what the sender gets, and the outbox row marked failed.
  const quick = { connectionMs: 300, greetingMs: 300, socketMs: 300 };
  const failures: {
    name: string;
    url: () => string;
    to: string;
    want: { status: number; code: string; retryable: boolean; upstreamStatus?: number; says: string };
  }[] = [
    {
      name: 'a 5xx reply is permanent',
      url: () => `smtp://127.0.0.1:${port}`,
      to: 'a@nobody.test',
      want: {
        status: 502,
        code: 'provider_refused',
        retryable: false,
        upstreamStatus: 550,
        says: 'The mail server refused the message (550)',
      },
    },
    {
      name: 'a 4xx reply is retried',
      url: () => `smtp://127.0.0.1:${port}`,
      to: 'a@full.test',
      want: { status: 503, code: 'unavailable', retryable: true, upstreamStatus: 452, says: 'The mail server deferred the message (452)' },
    },
    {
      name: 'a server that never greets times out and is retried',
      url: () => `smtp://127.0.0.1:${silentPort}`,
      to: 'c@example.test',
      want: { status: 503, code: 'unavailable', retryable: true, says: 'The mail server did not answer in time' },
    },
    {
      name: 'a refused connection is retried',
      url: () => `smtp://127.0.0.1:${closedPort}`,
      to: 'c@example.test',
      want: { status: 503, code: 'unavailable', retryable: true, says: 'The mail server could not be reached' },
    },
  ];
  it.each(failures.map((f, i) => [f.name, f, i] as const))('%s', async (_name, f, i) => {
    const mail = new SmtpEmailProvider(f.url(), 'x@sb.test', db.db, quick);
    const key = `fail-${i}`;
    const err = await mail.send({ to: f.to, subject: 's', text: 't', idempotencyKey: key }).then(
      () => new Error('it was sent'),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProviderError);
    const e = err as ProviderError;
    expect({ status: e.status, code: e.code, retryable: e.retryable, upstreamStatus: e.upstreamStatus }).toEqual({
      status: f.want.status,
      code: f.want.code,
      retryable: f.want.retryable,
      upstreamStatus: f.want.upstreamStatus,
    });
    expect(e.message).toContain(f.want.says);
    if (f.want.retryable) expect(e.retryAfter).toBe(30);
    const row = await db.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});
