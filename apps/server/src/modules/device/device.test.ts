import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * The device module through its HTTP API on a fresh database: manifests per brand, app identities,
 * devices from check-ins, Web Push against a fake push service on 127.0.0.1, and forms by e-mail.
 */

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's side of a push subscription: a P-256 key pair and an auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(crypto.randomBytes(16)) };
}

/** RFC 8291 / 8188 decryption of one aes128gcm record, as a browser does it. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = keys.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks a VAPID `Authorization: vapid t=<jwt>, k=<key>` header (RFC 8292) against the server's key. */
function verifyVapid(header: string, publicKey: string, audience: string) {
  const m = header.match(/^vapid t=([^,]+), k=(.+)$/);
  if (!m) throw new Error(`not a vapid header: ${header}`);
  const [, jwt, k] = m;
  expect(k).toBe(publicKey);
  const [h, p, sig] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'));
  expect(ok).toBe(true);
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toBe('mailto:support@switchboard.local');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: records each POST and answers with the status set for its path (default 201). */
function fakePushService() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const queue = answers.get(req.url!);
      res.writeHead(queue?.length ? queue.shift()! : 201).end();
    });
  });
  return { server, received, answers, base: '' };
}

let t: TestApp;
let org: Session;
let other: Session;
let partner: Session;
let orgUsername: string;
const push = fakePushService();

beforeAll(async () => {
  await new Promise<void>((r) => push.server.listen(0, '127.0.0.1', r));
  push.base = `http://127.0.0.1:${(push.server.address() as { port: number }).port}`;
  t = await createTestApp({ JOBS_AUTOSTART: 'false', PUSH_ALLOW_HOSTS: '127.0.0.1', APP_STORE_URL: 'https://apps.apple.com/app/id123' });
  org = await t.signUp('owner@device.test', { businessName: 'Device Co' });
  other = await t.signUp('owner@other-device.test', { businessName: 'Other Co' });
  partner = await t.partner('Acme Partners');
  orgUsername = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => push.server.close(r));
});

const manifest = (host: string) => t.request('GET', '/manifest.webmanifest', { headers: { host } });

describe('web app manifest and app identity', () => {
  it('serves the main brand’s manifest on the product’s own host', async () => {
    const res = await manifest('localhost:3000');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Switchboard', display: 'standalone', start_url: '/app?source=pwa', theme_color: '#4f46e5' });
    expect(res.body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', 'any']);
    expect(res.body.related_applications).toEqual([{ platform: 'itunes', url: 'https://apps.apple.com/app/id123' }]);
    expect((await manifest('nobody.example.test')).status).toBe(404);
  });

  it('a reseller-level brand edits its app identity and its domain serves it', async () => {
    await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { domain: 'app.acme.test', name: 'Acme Voice', settings: { colors: { primary: '#ff6600' } } },
    });
    // Before: the brand's own name and colour.
    expect((await manifest('app.acme.test')).body).toMatchObject({ name: 'Acme Voice', theme_color: '#ff6600' });
    const saved = await t.request('POST', '/api/v2/resellerApp', {
      token: partner.token,
      body: {
        name: 'Acme Phone',
        shortName: 'Acme',
        icon: 'https://cdn.acme.test/icon.png',
        themeColor: '#112233',
        iosUrl: 'https://apps.apple.com/app/acme/id999',
        androidUrl: 'https://play.google.com/store/apps/details?id=test.acme',
        salesEmail: 'Sales@Acme.test',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.identity).toMatchObject({
      accountId: partner.id,
      name: 'Acme Phone',
      themeColor: '#112233',
      salesEmail: 'sales@acme.test',
    });
    const m = (await manifest('app.acme.test')).body;
    expect(m).toMatchObject({
      name: 'Acme Phone',
      short_name: 'Acme',
      theme_color: '#112233',
      icons: [{ src: 'https://cdn.acme.test/icon.png', sizes: '512x512' }],
    });
    expect(m.related_applications).toEqual([
      { platform: 'itunes', url: 'https://apps.apple.com/app/acme/id999' },
      { platform: 'play', url: 'https://play.google.com/store/apps/details?id=test.acme', id: 'test.acme' },
    ]);
    // Fields left out keep their value; null clears one.
    await t.request('POST', '/api/v2/resellerApp', { token: partner.token, body: { iosUrl: null } });
    const after = await t.request('GET', '/api/v2/resellerApp', { token: partner.token });
    expect(after.body.identity).toMatchObject({
      name: 'Acme Phone',
      iosUrl: null,
      androidUrl: 'https://play.google.com/store/apps/details?id=test.acme',
    });
  });

  it('names the field of a bad value', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ themeColor: 'red' }, 'themeColor'],
      [{ iosUrl: 'https://play.google.com/store/apps/details?id=x' }, 'iosUrl'],
      [{ androidUrl: 'http://play.google.com/store/apps/details?id=x' }, 'androidUrl'],
      [{ icon: 'javascript:alert(1)' }, 'icon'],
      [{ name: 'x'.repeat(46) }, 'name'],
      [{ feedbackEmail: 'nope' }, 'feedbackEmail'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/v2/orgApp', { token: org.token, body });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('orgApp is an organization’s, resellerApp a reseller’s or partner’s', async () => {
    const res = await t.request('GET', '/api/v2/resellerApp', { token: org.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Account type does not match');
    expect((await t.request('POST', '/api/v2/orgApp', { token: partner.token, body: { name: 'X' } })).status).toBe(422);
    const saved = await t.request('POST', '/api/v2/orgApp', { token: org.token, body: { name: 'Device Co App', themeColor: '#00AA00' } });
    expect(saved.body.identity).toMatchObject({ name: 'Device Co App', themeColor: '#00aa00' });
    expect(saved.body.defaults.name).toBe('Device Co');
    // The organization's own app: its manifest (the install overlay links it) opens its account.
    const own = (await t.request('GET', '/manifest.webmanifest', { headers: { host: 'localhost:3000' }, query: { account: org.id } })).body;
    expect(own).toMatchObject({
      id: `/app/org/${org.id}`,
      name: 'Device Co App',
      theme_color: '#00aa00',
      start_url: `/app/org/${org.id}?source=pwa`,
    });
    // Not inside Acme's tree: Acme's host keeps Acme's app.
    const acme = (await t.request('GET', '/manifest.webmanifest', { headers: { host: 'app.acme.test' }, query: { account: org.id } })).body;
    expect(acme).toMatchObject({ id: '/app', name: 'Acme Phone' });
  });

  it('another tree’s token reads nothing and changes nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.request(method, '/api/v2/orgApp', {
        token: other.token,
        query: { targetAccountId: org.id },
        ...(method === 'POST' ? { body: { name: 'Hijacked' } } : {}),
      });
      expect(res.status).toBe(403);
      const r2 = await t.request(method, '/api/v2/resellerApp', {
        token: other.token,
        query: { targetAccountId: partner.id },
        ...(method === 'POST' ? { body: { name: 'Hijacked' } } : {}),
      });
      expect(r2.status).toBe(403);
    }
    expect((await t.request('GET', '/api/v2/orgApp', { token: org.token })).body.identity.name).toBe('Device Co App');
    expect((await manifest('app.acme.test')).body.name).toBe('Acme Phone');
  });
});

describe('devices and Web Push', () => {
  const phone = browserKeys();
  const laptop = browserKeys();

  it('lists the user’s devices from the check-ins, and no one else’s', async () => {
    await t.request('POST', '/api/v1/mobileCheckIn', {
      token: org.token,
      body: { checkIn: { deviceId: 'phone-0001', platform: 'iOS', appVersion: '2.1', userAgent: 'iPhone' } },
    });
    await t.request('POST', '/api/v1/mobileCheckIn', {
      token: org.token,
      body: { checkIn: { deviceId: 'laptop-0001', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' } },
    });
    await t.request('POST', '/api/v1/mobileCheckIn', {
      token: org.token,
      body: { checkIn: { deviceId: 'phone-0001', platform: 'iOS', appVersion: '2.2', userAgent: 'iPhone' } },
    });
    const res = await t.request('GET', '/api/v1/devices', { token: org.token });
    expect(res.status).toBe(200);
    expect(res.body.devices).toMatchObject([
      { deviceId: 'phone-0001', platform: 'iOS', appVersion: '2.2', checkIns: 2, push: false },
      { deviceId: 'laptop-0001', platform: null, checkIns: 1, push: false },
    ]);
    expect((await t.request('GET', '/api/v1/devices', { token: other.token })).body.devices).toEqual([]);
    expect((await t.request('GET', '/api/v1/devices', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
  });

  it('stores subscriptions per device; endpoints must be https on a public host', async () => {
    const sub = (deviceId: string, k: ReturnType<typeof browserKeys>, endpoint: string) =>
      t.request('POST', '/api/v1/push/subscription', {
        token: org.token,
        body: { deviceId, subscription: { endpoint, keys: { p256dh: k.p256dh, auth: k.auth } } },
      });
    for (const bad of ['http://push.example.com/x', 'https://10.0.0.5/x', 'https://localhost/x', 'not a url']) {
      const res = await sub('phone-0001', phone, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.field).toBe('subscription.endpoint');
    }
    const res = await sub('phone-0001', phone, `${push.base}/push/phone`);
    expect(res.status).toBe(200);
    await sub('laptop-0001', laptop, `${push.base}/push/laptop`);
    const devices = (await t.request('GET', '/api/v1/devices', { token: org.token })).body.devices;
    expect(devices.map((d: { push: boolean }) => d.push)).toEqual([true, true]);
    // Another tree cannot remove them, nor store one for the organization, nor act on it.
    expect((await t.request('DELETE', '/api/v1/push/subscription', { token: other.token, body: { deviceId: 'phone-0001' } })).status).toBe(
      404,
    );
    const theirs = browserKeys();
    const foreign = await t.request('POST', '/api/v1/push/subscription', {
      token: other.token,
      query: { targetAccountId: org.id },
      body: {
        deviceId: 'phone-0001',
        subscription: { endpoint: `${push.base}/push/intruder`, keys: { p256dh: theirs.p256dh, auth: theirs.auth } },
      },
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await t.request('DELETE', '/api/v1/push/subscription', {
          token: other.token,
          query: { targetAccountId: org.id },
          body: { deviceId: 'phone-0001' },
        })
      ).status,
    ).toBe(403);
    const after = (await t.request('GET', '/api/v1/devices', { token: org.token })).body.devices;
    expect(after.map((d: { push: boolean }) => d.push)).toEqual([true, true]);
  });

  it('turns new-conversation pushes on for the acting inbox; another tree cannot', async () => {
    const before = await t.request('GET', '/api/v1/push', { token: org.token });
    expect(before.body).toMatchObject({ accountId: org.id, newConversations: false });
    expect(before.body.publicKey).toMatch(/^[\w-]{87}$/);
    expect(
      (
        await t.request('POST', '/api/v1/push/preferences', {
          token: other.token,
          query: { targetAccountId: org.id },
          body: { newConversations: true },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/push', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
    const on = await t.request('POST', '/api/v1/push/preferences', { token: org.token, body: { newConversations: true } });
    expect(on.body.newConversations).toBe(true);
    expect(
      (await t.request('POST', '/api/v1/push/preferences', { token: partner.token, body: { newConversations: true } })).body.field,
    ).toBe('newConversations');
  });

  it('pushes a new conversation once per device, encrypted and VAPID-signed; retries only the failed one', async () => {
    const publicKey = (await t.request('GET', '/api/v1/push', { token: org.token })).body.publicKey;
    await t.services.inbox.queue.drain();
    push.received.length = 0;
    push.answers.set('/push/laptop', [503]);
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    const sent = await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: orgUsername, body: 'Hello there' } });
    expect(sent.status).toBe(200);
    // The queue's clock held still: on a slow machine the laptop's retry (1 s later) must not fall due in this drain.
    const held = Date.now();
    const clock = t.services.inbox.queue.now;
    t.services.inbox.queue.now = () => held;
    try {
      await t.services.inbox.queue.drain();
    } finally {
      t.services.inbox.queue.now = clock;
    }
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    const first = push.received.find((r) => r.path === '/push/phone')!;
    expect(first.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(String(first.headers.authorization), publicKey, push.base);
    const payload = JSON.parse(decrypt(first.body, phone));
    expect(payload.body).toMatch(/ started a chat conversation\.$/);
    expect(payload).toMatchObject({
      title: 'New conversation',
      tag: sent.body.roomId,
      url: `/app/org/${org.id}/inbox?active=${sent.body.roomId}`,
    });

    // The laptop's push service failed (503): the job runs again later and sends to the laptop only.
    const now = t.services.inbox.queue.now;
    t.services.inbox.queue.now = () => Date.now() + 10 * 60_000;
    try {
      await t.services.inbox.queue.drain();
    } finally {
      t.services.inbox.queue.now = now;
    }
    expect(push.received.map((r) => r.path)).toEqual(['/push/phone', '/push/laptop', '/push/laptop']);
    expect(JSON.parse(decrypt(push.received[2]!.body, laptop)).tag).toBe(sent.body.roomId);
    // A second message in the same conversation is not a new conversation.
    await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: orgUsername, body: 'Still there?' } });
    await t.services.inbox.queue.drain();
    expect(push.received).toHaveLength(3);
  });

  it('a 410 Gone from the push service removes the subscription', async () => {
    push.received.length = 0;
    push.answers.set('/push/phone', [410]);
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: orgUsername, body: 'New one' } });
    await t.services.inbox.queue.drain();
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    const devices = (await t.request('GET', '/api/v1/devices', { token: org.token })).body.devices;
    expect(devices.find((d: { deviceId: string }) => d.deviceId === 'phone-0001').push).toBe(false);
    expect(devices.find((d: { deviceId: string }) => d.deviceId === 'laptop-0001').push).toBe(true);
  });

  it('a signed-out session’s subscription gets nothing more', async () => {
    const tablet = browserKeys();
    const second = await t.signIn('owner@device.test');
    await t.request('POST', '/api/v1/push/subscription', {
      token: second.token,
      body: {
        deviceId: 'tablet-0001',
        subscription: { endpoint: `${push.base}/push/tablet`, keys: { p256dh: tablet.p256dh, auth: tablet.auth } },
      },
    });
    expect((await t.request('POST', '/api/v1/signout', { token: second.token })).status).toBe(200);
    push.received.length = 0;
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: orgUsername, body: 'After sign-out' } });
    await t.services.inbox.queue.drain();
    expect(push.received.map((r) => r.path)).toEqual(['/push/laptop']);
    const devices = (await t.request('GET', '/api/v1/devices', { token: org.token })).body.devices;
    expect(devices.find((d: { deviceId: string }) => d.deviceId === 'tablet-0001')).toBeUndefined();
  });

  it('turned off, or unsubscribed, nothing is pushed', async () => {
    await t.request('DELETE', '/api/v1/push/subscription', { token: org.token, body: { deviceId: 'laptop-0001' } });
    expect((await t.request('DELETE', '/api/v1/push/subscription', { token: org.token, body: { deviceId: 'laptop-0001' } })).status).toBe(
      404,
    );
    await t.request('POST', '/api/v1/push/subscription', {
      token: org.token,
      body: {
        deviceId: 'laptop-0001',
        subscription: { endpoint: `${push.base}/push/laptop2`, keys: { p256dh: laptop.p256dh, auth: laptop.auth } },
      },
    });
    await t.request('POST', '/api/v1/push/preferences', { token: org.token, body: { newConversations: false } });
    push.received.length = 0;
    const visitor = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
    await t.request('POST', '/api/v1/messages', { token: visitor.token, body: { to: orgUsername, body: 'Quiet please' } });
    await t.services.inbox.queue.drain();
    expect(push.received).toHaveLength(0);
  });
});

describe('forms', () => {
  const outbox = (to: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').execute();

  it('sends feedback on the main host to SUPPORT_EMAIL, with the sender', async () => {
    const res = await t.request('POST', '/api/v1/form', {
      token: org.token,
      headers: { host: 'localhost:3000' },
      body: { form: 'feedback', rating: 4, message: 'Love the inbox', page: 'inbox' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, form: 'feedback', deliveredTo: 'support@switchboard.local' });
    const [mail] = await outbox('support@switchboard.local');
    expect(mail).toMatchObject({ subject: 'Feedback from Switchboard' });
    expect(mail!.body).toContain('Love the inbox');
    expect(mail!.body).toContain('Rating: 4 of 5');
    expect(mail!.body).toContain('owner@device.test');
  });

  it('sends contact-sales on a brand’s host to the brand’s sales address, signed out too', async () => {
    const body = {
      form: 'contact-sales',
      name: 'Dana',
      email: 'dana@buyer.test',
      company: 'Buyer Inc',
      teamSize: '11-50',
      message: 'Pricing for 20 seats?',
    };
    const res = await t.request('POST', '/api/v1/form', { headers: { host: 'app.acme.test', 'idempotency-key': 'k1' }, body });
    expect(res.body).toEqual({ success: true, form: 'contact-sales', deliveredTo: 'sales@acme.test' });
    // A double submit is one e-mail.
    await t.request('POST', '/api/v1/form', { headers: { host: 'app.acme.test', 'idempotency-key': 'k1' }, body });
    const mails = await outbox('sales@acme.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('reply to dana@buyer.test');
    expect(mails[0]!.body).toContain('Team size: 11-50');
  });

  it('names the field of bad input, and says when a brand has nowhere to send', async () => {
    const bad = await t.request('POST', '/api/v1/form', {
      headers: { host: 'localhost:3000' },
      body: { form: 'contact-sales', name: 'Dana', email: 'not-an-email', message: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    const empty = await t.request('POST', '/api/v1/form', {
      headers: { host: 'localhost:3000' },
      body: { form: 'feedback', message: '  ' },
    });
    expect(empty.body.field).toBe('message');
    // Acme has a sales address but no feedback address and no support e-mail.
    const none = await t.request('POST', '/api/v1/form', { headers: { host: 'app.acme.test' }, body: { form: 'feedback', message: 'Hi' } });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ field: 'form', message: 'form: Acme Phone has no address for feedback yet.' });
  });
});
