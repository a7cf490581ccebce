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
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
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

  it('reports a temporary refusal as retryable and a permanent one as final, and records the failure', async () => {
    const mail = new SmtpEmailProvider(`smtp://127.0.0.1:${port}`, 'x@sb.test', db.db);
    const temp = await mail.send({ to: 'a@full.test', subject: 's', text: 't', idempotencyKey: 'k3' }).catch((e) => e);
    expect(temp).toBeInstanceOf(ProviderError);
    expect(temp.retryable).toBe(true);
    const perm = await mail.send({ to: 'a@nobody.test', subject: 's', text: 't', idempotencyKey: 'k4' }).catch((e) => e);
    expect(perm).toBeInstanceOf(ProviderError);
    expect(perm.retryable).toBe(false);
    const row = await db.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'k4').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('fails when the server is unreachable', async () => {
    const mail = new SmtpEmailProvider('smtp://127.0.0.1:1', 'x@sb.test', db.db);
    const err = await mail.send({ to: 'c@example.test', subject: 's', text: 't', idempotencyKey: 'k5' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.retryable).toBe(true);
  });
});
