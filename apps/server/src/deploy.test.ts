import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db.ts';
import { toWav } from './platform/audio/index.ts';
import { pgAndRedisUnreachable, PROCESSES_PG_URL, PROCESSES_REDIS_URL, processConfig } from './testing/processes.ts';
import { repoRoot } from './testing/built.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from './testing/voice.ts';
import { connect } from './testing/ws.ts';

const NGINX = '/usr/sbin/nginx';
const why = !fs.existsSync(NGINX) ? `no nginx at ${NGINX} (apt-get install nginx)` : await pgAndRedisUnreachable();
if (why) console.warn(`Skipping the nginx deployment test: ${why}.`);

/** The built web app (npm run build) the processes serve, and the Chromium that opens it through nginx. */
const WEB_DIST = path.join(repoRoot, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserWhy = !fs.existsSync(path.join(WEB_DIST, 'index.html'))
  ? `the web app is not built at ${WEB_DIST} (npm run build)`
  : !fs.existsSync(CHROMIUM)
    ? `no Chromium at ${CHROMIUM}`
    : null;
if (!why && browserWhy) console.warn(`Skipping the browser web call through nginx: ${browserWhy}.`);

/**
 * What Chromium's fake microphone plays once: 3 s of silence (the greeting is heard first), 1.2 s of a
 * voiced sound (harmonics of 150 Hz in syllables of 200 ms, which noise suppression lets through), then
 * 3 s of silence (the end of the caller's turn).
 */
function callerWav(): Buffer {
  const rate = 48_000;
  const pcm = new Int16Array(Math.round(7.2 * rate));
  const [from, to] = [3 * rate, 4.2 * rate];
  for (let i = from; i < to; i++) {
    const t = (i - from) / rate;
    const syllable = Math.sin(Math.PI * ((t % 0.2) / 0.2));
    const voice = [1, 2, 3, 4, 5].reduce((sum, h) => sum + Math.sin(2 * Math.PI * 150 * h * t) / h, 0);
    pcm[i] = Math.round(7000 * syllable * voice);
  }
  return toWav(pcm, rate);
}

/** The nginx configuration of docs/deploy.md, as documented (the block after <!-- nginx-config -->). */
function documentedConfig(): string {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
  const block = /<!-- nginx-config -->\s*```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block after <!-- nginx-config -->');
  return block;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.skipIf(why != null)('behind nginx (docs/deploy.md): TLS, WebSockets, forwarded addresses, body limits, two processes', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const channel = `switchboard:test:${schema}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-nginx-'));
  const procs: { built: BuiltApp; db: DatabaseHandle; dataDir: string; port: number; sends: number }[] = [];
  let nginx: ChildProcess | null = null;
  let nginxLog = '';
  let base = '';
  let ca = '';
  let browser: Browser | null = null;

  /** An HTTPS request to nginx from a chosen loopback address (127.0.0.0/8 all reach this machine). */
  const request = (
    method: string,
    url: string,
    opts: { from?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = https.request(
        `${base}${url}`,
        {
          method,
          ca,
          localAddress: opts.from ?? '127.0.0.1',
          headers: { ...(opts.body ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(opts.body);
    });
  const json = async (method: string, url: string, body?: object, from?: string) => {
    const res = await request(method, url, {
      from,
      body: body ? JSON.stringify(body) : undefined,
      headers: body ? { 'content-type': 'application/json' } : {},
    });
    return { status: res.status, body: JSON.parse(res.body) as Record<string, any> };
  };

  beforeAll(async () => {
    // Two server processes on one PostgreSQL schema and one Redis channel, trusting nginx's address
    // only, sharing one SECRETS_KEY as docs/deploy.md says (a web call's media ticket, signed by the
    // process that placed the call, is then accepted by the other).
    const secretsKey = crypto.randomBytes(32).toString('hex');
    for (let i = 0; i < 2; i++) {
      const { config, dataDir } = processConfig({
        SECRETS_KEY: secretsKey,
        REDIS_URL: PROCESSES_REDIS_URL,
        REDIS_EVENTS_CHANNEL: channel,
        TRUST_PROXY: '127.0.0.1',
        SIGNIN_RATE_LIMIT: '5',
        // Both serve the built web app (when built), which a browser opens through nginx.
        ...(browserWhy ? {} : { WEB_DIST }),
      });
      const db = await openDatabase({ url: PROCESSES_PG_URL, pgSchema: schema, pgPoolSize: 5 });
      const built = await buildApp(config, { database: db });
      const proc = { built, db, dataDir, port: 0, sends: 0 };
      built.app.addHook('onResponse', async (req) => {
        if (req.method === 'POST' && req.routeOptions.url === '/api/v1/messages') proc.sends++;
      });
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      proc.port = (built.app.server.address() as net.AddressInfo).port;
      await (built.services.inbox.bus as unknown as { waitReady(): Promise<void> }).waitReady();
      procs.push(proc);
    }

    // A self-signed certificate for 127.0.0.1, made here.
    const openssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { encoding: 'utf8' },
    );
    expect(openssl.status, openssl.stderr).toBe(0);
    ca = fs.readFileSync(`${dir}/cert.pem`, 'utf8');

    const [httpPort, tlsPort] = [await freePort(), await freePort()];
    const site = documentedConfig()
      .replace('server 127.0.0.1:3001;', `server 127.0.0.1:${procs[0]!.port};`)
      .replace('server 127.0.0.1:3002;', `server 127.0.0.1:${procs[1]!.port};`)
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`)
      .replace('/etc/ssl/switchboard/fullchain.pem', `${dir}/cert.pem`)
      .replace('/etc/ssl/switchboard/privkey.pem', `${dir}/key.pem`);
    expect(site).toContain(`127.0.0.1:${tlsPort} ssl`);
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(`${dir}/${sub}`, { mode: 0o777 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(
      `${dir}/nginx.conf`,
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr!.on('data', (d) => (nginxLog += String(d)));
    base = `https://127.0.0.1:${tlsPort}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (nginx.exitCode !== null)
        throw new Error(`nginx exited: ${nginxLog}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`);
      const status = (await request('GET', '/api/ready').catch(() => ({ status: 0 }))).status;
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer /api/ready (last status ${status}): ${nginxLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    for (const p of procs) {
      await p.built.close().catch(() => undefined);
      await p.db.close().catch(() => undefined);
      fs.rmSync(p.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: PROCESSES_PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  /** Signs an organization up through nginx (the code from a process's local outbox). */
  const signUp = async (email: string, businessName: string) => {
    expect((await json('POST', '/api/v1/signup/email', { email, name: 'Owner', businessName }, '127.0.0.5')).status).toBe(200);
    // The code from the local outbox, asked of a process directly (dev tools refuse what nginx forwards).
    const proxied = await request('GET', `/api/dev/outbox?to=${email}`);
    expect(proxied.status).toBe(404);
    const outbox = (await (await fetch(`http://127.0.0.1:${procs[0]!.port}/api/dev/outbox?to=${email}`)).json()) as {
      messages: { body: string }[];
    };
    const code = /\b(\d{6})\b/.exec(outbox.messages[0]!.body)![1];
    const session = (await json('POST', '/api/v1/email/verify', { email, verificationCode: code }, '127.0.0.5')).body;
    expect(session.token).toBeTruthy();
    return session;
  };

  it('signs up over TLS, and a staff WebSocket through nginx receives messages sent through either process', async () => {
    const session = await signUp('owner@nginx.test', 'Behind Nginx');

    const staff = await connect(`${base.replace('https', 'wss')}/api/v1/ws?token=${session.token}&targetAccountId=${session.id}`, {
      ca,
      localAddress: '127.0.0.6',
    });
    try {
      const held = procs.map(
        (p) => (p.built.app as unknown as { websocketServer: { clients: Set<unknown> } }).websocketServer.clients.size,
      );
      expect(held.reduce((a, b) => a + b)).toBe(1);
      // A chat visitor writes four times through nginx; round robin spreads the sends over both processes.
      const visitor = (await json('GET', '/api/v1/allocateTempUserSession', undefined, '127.0.0.7')).body;
      const first = (await json('POST', `/api/v1/messages?token=${visitor.token}`, { to: session.username, body: 'hello 0' }, '127.0.0.7'))
        .body;
      for (let i = 1; i < 4; i++) {
        const sent = await json(
          'POST',
          `/api/v1/messages?token=${visitor.token}`,
          { roomId: first.roomId, body: `hello ${i}` },
          '127.0.0.7',
        );
        expect(sent.status).toBe(200);
      }
      expect(procs.every((p) => p.sends > 0)).toBe(true);
      for (let i = 0; i < 4; i++)
        await staff.until((e) => e.type === 'message.created' && e.payload.message.body === `hello ${i}`, `hello ${i}`);
    } finally {
      await staff.close();
    }
  });

  it('keys the sign-in rate limit on the real client, not on nginx nor on a forged X-Forwarded-For', async () => {
    const statuses: number[] = [];
    // 5 a minute per process, two processes: a client rotating forged addresses is refused by the 11th.
    for (let i = 0; i < 12; i++) {
      const res = await request('POST', '/api/v1/signin/email', {
        from: '127.0.0.2',
        body: JSON.stringify({ email: `nobody${i}@nginx.test` }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Another client behind the same nginx is not limited by the first one's requests.
    const other = await request('POST', '/api/v1/signin/email', {
      from: '127.0.0.3',
      body: JSON.stringify({ email: 'nobody@nginx.test' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(other.status).not.toBe(429);
  });

  it("carries a browser web call's media WebSocket through nginx: the upgrade, then audio both ways", async () => {
    const owner = await signUp('caller@nginx.test', 'Web Call Co');
    // Scripted speech recognition and tone speech on both processes (whichever nginx picks answers).
    const stts = procs.map((p) => (p.built.services.voice.stt = new ScriptedStt(['Hello through the proxy'])));
    for (const p of procs) p.built.services.voice.tts = new ToneTts(10);
    // What the web app's "Test call" button does: place the call, then open streamUrl with the ticket.
    const placed = await json('POST', `/api/v1/calls/web?token=${owner.token}`, { targetAccountId: owner.id }, '127.0.0.8');
    expect(placed.status).toBe(200);
    expect(new URL(placed.body.streamUrl as string).pathname).toBe('/api/v1/calls/media');
    const caller = await MediaClient.open(`${base.replace('https', 'wss')}/api/v1/calls/media`, undefined, {
      ca,
      localAddress: '127.0.0.8',
    });
    try {
      const held = procs.map(
        (p) => (p.built.app as unknown as { websocketServer: { clients: Set<unknown> } }).websocketServer.clients.size,
      );
      expect(held.reduce((a, b) => a + b)).toBe(1);
      caller.start(placed.body.ticket as string);
      // Server to browser: the greeting's transcript and its audio (μ-law frames) come through nginx.
      await caller.until((m) => m.event === 'transcript' && m.turn.role === 'agent', 'the greeting');
      const audio = await caller.until((m) => m.event === 'media', 'audio from the agent');
      expect(Buffer.from(audio.media.payload as string, 'base64').length).toBeGreaterThan(0);
      // Browser to server: 300 ms of speech and 700 ms of silence are heard as one caller turn.
      caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
      const heard = await caller.until((m) => m.event === 'transcript' && m.turn.role === 'caller', 'the caller turn');
      expect(heard.turn.text).toBe('Hello through the proxy');
      expect(stts.flatMap((s) => s.heard).some((samples) => samples > 0)).toBe(true);
      await caller.until((m) => m.event === 'transcript' && m.turn.role === 'agent', 'the reply', caller.messages.indexOf(heard));
      caller.send({ event: 'stop', streamSid: 'MZ' });
      await caller.closed();
    } finally {
      caller.ws.close();
    }
    const callId = placed.body.call.id as string;
    await expect
      .poll(async () => (await json('GET', `/api/v1/calls/${callId}?token=${owner.token}&targetAccountId=${owner.id}`)).body.call?.status)
      .toBe('completed');
  });

  it.skipIf(browserWhy != null)(
    "places a web call from Chromium through nginx: the app over TLS, the media WebSocket's audio both ways, hung up as completed",
    async () => {
      const owner = await signUp('browser@nginx.test', 'Browser Call Co');
      const stts = procs.map((p) => (p.built.services.voice.stt = new ScriptedStt(['Hello from the browser'])));
      for (const p of procs) p.built.services.voice.tts = new ToneTts(10);
      fs.writeFileSync(`${dir}/caller.wav`, callerWav());
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--ignore-certificate-errors',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${dir}/caller.wav%noloop`,
        ],
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
      await context.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('id', String(s.id));
        localStorage.setItem('user', JSON.stringify(s));
      }, owner);
      const page = await context.newPage();
      // The Media Streams messages on the page's media WebSocket, whose address must be nginx's.
      const media = { url: '', sent: 0, received: 0 };
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/api/v1/calls/media')) return;
        media.url = ws.url();
        ws.on('framesent', (f) => void (String(f.payload).includes('"event":"media"') && media.sent++));
        ws.on('framereceived', (f) => void (String(f.payload).includes('"event":"media"') && media.received++));
      });
      await page.goto(`${base}/app/agents`);
      await page.getByRole('button', { name: 'Test call' }).click();
      const dialog = page.getByRole('dialog', { name: 'Test call' });
      await dialog.getByRole('button', { name: 'Start call' }).click();
      await dialog.getByRole('status').getByText('On the call').waitFor({ timeout: 15_000 });
      expect(media.url).toBe(`${base.replace('https', 'wss')}/api/v1/calls/media`);

      // Server to browser: the greeting's transcript and audio; browser to server: the fake microphone's
      // sound, heard as the caller's turn (the scripted recognizer's text), then the agent's reply.
      const transcript = dialog.getByRole('list', { name: 'Transcript' });
      await transcript.getByText('Agent:').first().waitFor({ timeout: 20_000 });
      await transcript.getByText('Hello from the browser').waitFor({ timeout: 30_000 });
      await expect.poll(() => transcript.getByText('Agent:').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(media.received).toBeGreaterThan(0);
      expect(media.sent).toBeGreaterThan(0);
      expect(stts.flatMap((s) => s.heard).some((samples) => samples > 0)).toBe(true);

      await dialog.getByRole('button', { name: 'Hang up' }).click();
      await dialog.getByRole('status').getByText('Call ended').waitFor();
      await context.close();
      const calls = (await json('GET', `/api/v1/calls?token=${owner.token}&targetAccountId=${owner.id}`)).body.calls as Record<
        string,
        any
      >[];
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ direction: 'web' });
      await expect
        .poll(
          async () =>
            (await json('GET', `/api/v1/calls/${calls[0]!.id}?token=${owner.token}&targetAccountId=${owner.id}`)).body.call?.status,
        )
        .toBe('completed');
    },
    90_000,
  );

  it('refuses an upload over the documented body size with 413 at the proxy', async () => {
    const big = Buffer.alloc(7 * 1024 * 1024, 1);
    const res = await request('POST', '/api/v1/profile/dp', { body: big, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.status).toBe(413);
  });
});
