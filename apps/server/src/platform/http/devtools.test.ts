import net from 'node:net';
import os from 'node:os';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { LocalEmailProvider } from '../providers/email/local.ts';

/** The local outbox and the simulated carrier hand out codes: only to the machine's own user by default. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const call = (app: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}, payload?: object) =>
  app.app.inject({ method: payload ? 'POST' : 'GET', url, remoteAddress, headers, ...(payload ? { payload } : {}) });

describe('DEV_TOOLS', () => {
  it('local (default): this machine reads the outbox; anyone else, or anyone through a proxy, gets a 404', async () => {
    t = await createTestApp();
    await t.request('POST', '/api/v1/signup/email', { body: { email: 'me@x.test', name: 'Me', businessName: 'Mine' } });
    const mine = await call(t, '/api/dev/outbox', '127.0.0.1');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().messages[0].body).toMatch(/\b\d{6}\b/);
    expect((await call(t, '/api/dev/outbox', '::1')).statusCode).toBe(200);
    for (const [address, headers] of [
      ['203.0.113.5', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.5' }],
    ] as const) {
      const res = await call(t, '/api/dev/outbox?to=me@x.test', address, headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\b\d{6}\b/);
    }
    const fake = await call(t, '/api/dev/carrier/inbound', '203.0.113.5', {}, { from: '+12065550100', to: '+12065550101', body: 'hi' });
    expect(fake.statusCode).toBe(404);
    expect((await call(t, '/dev/phone', '203.0.113.5')).statusCode).toBe(404);
  });

  it('open lets anyone in; off closes them to this machine too and keeps codes out of the log', async () => {
    t = await createTestApp({ DEV_TOOLS: 'open' });
    expect((await call(t, '/api/dev/outbox', '203.0.113.5')).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ DEV_TOOLS: 'off' });
    expect((await call(t, '/api/dev/outbox', '127.0.0.1')).statusCode).toBe(404);

    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const mail = { to: 'me@x.test', subject: '123456 is your Switchboard code', text: 'Your code is 123456.' };
    await new LocalEmailProvider(t.database.db, log, 'from@x.test', false).send({ ...mail, idempotencyKey: 'k1' });
    await new LocalEmailProvider(t.database.db, log, 'from@x.test', true).send({ ...mail, idempotencyKey: 'k2' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/123456/);
    expect(lines[1]).toMatch(/123456/);
  });
});

/**
 * Over a real socket from another address of this machine: the router decodes percent-encoding, accepts
 * absolute-form targets and ignores a trailing slash, so the guard must follow the route, not the text.
 */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** Sends one raw request line (so the target is exactly as written) and returns status and body. */
function rawRequest(
  port: number,
  target: string,
  localAddress: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const host = localAddress === '127.0.0.1' ? '127.0.0.1' : (outsideAddress ?? '127.0.0.1');
    const socket = net.connect({ host, port, localAddress });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    const payload = body ?? '';
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n` +
        (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` : '') +
        `\r\n${payload}`,
    );
  });
}

describe.skipIf(!outsideAddress)('DEV_TOOLS local: no spelling of a development path reaches it from another address', () => {
  let server: TestApp;
  let port = 0;
  beforeAll(async () => {
    server = await createTestApp();
    await server.request('POST', '/api/v1/signup/email', { body: { email: 'me@x.test', name: 'Me', businessName: 'Mine' } });
    await server.app.listen({ host: '0.0.0.0', port: 0 });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  const spellings = (host: string) => [
    '/api/dev/outbox',
    '/api/%64ev/outbox',
    '/%61pi/dev/outbox',
    '/api/%64%65%76/outbox',
    `http://${host}/api/dev/outbox`,
    '//api/dev/outbox',
    '/api/./dev/outbox',
    '/API/DEV/OUTBOX',
    '/api/dev/outbox/',
    '/api/dev//outbox',
    '/api/dev/outbox?to=me%40x.test',
    '/api/dev/%6futbox',
  ];

  it('serves no code to any of them, and the same request from loopback still works', async () => {
    const host = `${outsideAddress}:${port}`;
    for (const target of spellings(host)) {
      const res = await rawRequest(port, target, outsideAddress!);
      expect.soft(res.status, target).not.toBe(200);
      expect.soft(res.body, target).not.toMatch(/\b\d{6}\b/);
    }
    const mine = await rawRequest(port, '/api/dev/outbox', '127.0.0.1');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatch(/\b\d{6}\b/);
    // The encoded spelling reaches the very same route from loopback, so its refusal above was the guard's.
    expect((await rawRequest(port, '/api/%64ev/outbox', '127.0.0.1')).status).toBe(200);
  });

  it('fakes no payment, payout or inbound SMS through an encoded path', async () => {
    for (const [target, body] of [
      ['/api/%64ev/lightning/pay', JSON.stringify({ invoice: 'lnbc1' })],
      ['/api/%64ev/payouts/settle', '{}'],
      ['/api/%64ev/carrier/inbound', JSON.stringify({ from: '+12065550100', to: '+12065550101', body: 'hi' })],
      [
        `http://${outsideAddress}:${port}/api/dev/carrier/inbound`,
        JSON.stringify({ from: '+12065550100', to: '+12065550101', body: 'hi' }),
      ],
    ] as const) {
      const res = await rawRequest(port, target, outsideAddress!, 'POST', body);
      expect.soft(res.status, target).toBe(404);
    }
    for (const target of ['/dev/phone', '/%64ev/phone', '/dev/phone/capture.js', `http://${outsideAddress}:${port}/dev/phone`]) {
      expect.soft((await rawRequest(port, target, outsideAddress!)).status, target).not.toBe(200);
    }
  });
});
