import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson } from '../../platform/db/columns.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { freePort, runSipp, SIPP, sippUas, udpBound } from '../../testing/sipp.ts';
import { ScriptedStt, ToneTts } from '../../testing/voice.ts';

/**
 * The product's SIP endpoint against sipp on 127.0.0.1: REGISTER with digest, calls with RTP audio and
 * DTMF, refusals, CANCEL, BYE both ways, REFER, outbound routes, a provider registration, 20 calls at once.
 */
const describeSipp = SIPP ? describe : describe.skip;
if (!SIPP) console.warn('sipp.test.ts skipped: sipp is not installed (Debian package sip-tester; .ci/run installs it)');

describeSipp('SIP endpoint with sipp', () => {
  let t: TestApp;
  let org: Session;
  let other: Session;
  let number: string;
  let otherNumber: string;
  let target: string;
  const endpoint = () => t.services.sip.trunk.endpoint!;
  const calls = async (s: Session) =>
    (await t.request('GET', '/api/v1/calls', { token: s.token, query: { direction: 'inbound', pageSize: 100 } })).body.calls as {
      id: string;
      status: string;
      endReason: string | null;
    }[];
  const read = async (id: string) => (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token })).body.call;
  const vars = (v: Record<string, string> = {}) => ({
    from: '+12065550123',
    to: number,
    audio_pcap: '/usr/share/sip-tester/g711a.pcap',
    dtmf_pcap: '/usr/share/sip-tester/dtmf_2833_1.pcap',
    ...v,
  });

  beforeAll(async () => {
    t = await createTestApp({
      JOBS_AUTOSTART: 'false',
      SIP_PORT: '0',
      HOST: '127.0.0.1',
      SIP_PUBLIC_ADDRESS: '127.0.0.1',
      RTP_PORT_MIN: '41000',
      RTP_PORT_MAX: '41998',
    });
    org = await t.signUp('owner@sipp.test', { businessName: 'Sipp Co' });
    other = await t.signUp('owner@other-sipp.test', { businessName: 'Other Co' });
    number = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: {} })).body.number;
    otherNumber = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: other.token, body: {} })).body.number;
    expect(
      (await t.request('POST', '/api/v2/sip/ipWhitelist', { token: org.token, body: { ip: '127.0.0.1', label: 'sipp' } })).status,
    ).toBe(200);
    t.services.voice.stt = new ScriptedStt(Array(20).fill('What time do you open?'), 20);
    t.services.voice.tts = new ToneTts(5, 10);
    target = `127.0.0.1:${endpoint().transport.port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers a PBX with digest auth (a wrong password gets another 401, ten lock the address out) and shows the live binding', async () => {
    await t.request('POST', '/api/v2/sip/registration', {
      token: org.token,
      body: { kind: 'pbx', username: 'office-pbx', password: 'pbx-password-1' },
    });
    const wrong = await runSipp({
      scenario: 'register.xml',
      target,
      vars: { user: 'office-pbx', password: 'wrong-password', expect: '401' },
      args: ['-m', '1'],
    });
    expect(wrong.code, wrong.stdout).toBe(0);
    const ok = await runSipp({
      scenario: 'register.xml',
      target,
      vars: { user: 'office-pbx', password: 'pbx-password-1', expect: '200' },
      args: ['-m', '1'],
    });
    expect(ok.code, ok.stdout + ok.errors).toBe(0);
    // Guessing passwords: after 10 wrong answers from one address its REGISTERs are refused (403) for a minute.
    const guess = await runSipp({
      scenario: 'register.xml',
      target,
      ip: '127.0.0.3',
      vars: { user: 'office-pbx', password: 'guess', expect: '401' },
      args: ['-m', '10', '-r', '50'],
    });
    expect(guess.code, guess.stdout).toBe(0);
    const locked = await runSipp({
      scenario: 'register.xml',
      target,
      ip: '127.0.0.3',
      vars: { user: 'office-pbx', password: 'pbx-password-1', expect: '403' },
      args: ['-m', '1'],
    });
    expect(locked.code, locked.stdout + locked.errors).toBe(0);
    const regs = (await t.request('GET', '/api/v2/sip/registration', { token: org.token })).body;
    expect(regs.registrations[0]).toMatchObject({
      kind: 'pbx',
      state: 'registered',
      contact: expect.stringContaining('office-pbx@127.0.0.1'),
    });
    expect(regs.registrations[0].expiresAt).toBeGreaterThan(Date.now() + 250_000);
    expect(regs.endpoint).toMatchObject({ enabled: true, address: '127.0.0.1', port: endpoint().transport.port });
  });

  it('a whitelisted caller with RTP audio (PCMA) reaches the agent, hears the greeting and a reply, and sends DTMF; the caller hangs up', async () => {
    const before = endpoint().stats();
    const run = await runSipp({
      scenario: 'invite-audio.xml',
      target,
      vars: vars({ audio_ms: '7200', tail_ms: '3500' }),
      args: ['-m', '1'],
    });
    expect(run.code, run.stdout + run.errors).toBe(0);
    const after = endpoint().stats();
    // 7 s of caller audio in 30 ms packets (and the DTMF packets).
    expect(after.rtpIn - before.rtpIn).toBeGreaterThan(230);
    const [last] = await calls(org);
    await expect.poll(async () => (await read(last!.id)).status, { timeout: 5000 }).toBe('completed');
    const call = await read(last!.id);
    expect(call).toMatchObject({ direction: 'inbound', from: '+12065550123', to: number, endReason: 'hung up' });
    const roles = call.transcript.map((turn: { role: string }) => turn.role);
    expect(roles[0]).toBe('agent');
    expect(roles).toContain('caller');
    expect(roles.lastIndexOf('agent')).toBeGreaterThan(roles.indexOf('caller'));
    // The agent's audio came back in 20 ms RTP packets: the greeting and the reply (5 ms of tone per character).
    const chars = call.transcript
      .filter((turn: { role: string }) => turn.role === 'agent')
      .reduce((n: number, turn: { text: string }) => n + turn.text.length, 0);
    expect(after.rtpOut - before.rtpOut).toBeGreaterThanOrEqual(Math.floor((chars * 5) / 20) - 2);
    expect(call.transcript.at(-1).interrupted).toBe(false);
    const row = await t.services.deps.db.selectFrom('calls').select('events').where('id', '=', last!.id).executeTakeFirstOrThrow();
    const events = fromJson<{ type: string; detail?: string }[]>(row.events, []);
    expect(events.filter((e) => e.type === 'dtmf').map((e) => e.detail)).toEqual(['1']);
    // The key (RFC 4733) reached the agent as a caller turn after the 1.5 s pause, and the agent answered it.
    const texts = call.transcript.map((turn: { role: string; text: string }) => `${turn.role}: ${turn.text}`);
    const pressed = texts.indexOf('caller: (caller pressed 1)');
    expect(pressed, texts.join('\n')).toBeGreaterThan(0);
    expect(
      texts.slice(pressed + 1).some((x: string) => x.startsWith('agent: ')),
      texts.join('\n'),
    ).toBe(true);
  });

  it('refuses callers not on the whitelist and not registered (403), and unknown numbers (404)', async () => {
    const stranger = await runSipp({
      scenario: 'invite-refused.xml',
      target,
      ip: '127.0.0.2',
      vars: vars({ expect: '403' }),
      args: ['-m', '1'],
    });
    expect(stranger.code, stranger.stdout + stranger.errors).toBe(0);
    // 127.0.0.1 is on this organization's list, not on the other's.
    const notTheirs = await runSipp({
      scenario: 'invite-refused.xml',
      target,
      vars: vars({ to: otherNumber, expect: '403' }),
      args: ['-m', '1'],
    });
    expect(notTheirs.code, notTheirs.stdout).toBe(0);
    const unknown = await runSipp({
      scenario: 'invite-refused.xml',
      target,
      vars: vars({ to: '+14155550000', expect: '404' }),
      args: ['-m', '1'],
    });
    expect(unknown.code, unknown.stdout).toBe(0);
    expect(await calls(other)).toEqual([]);
  });

  it('CANCEL before answer: 200 to the CANCEL, 487 to the INVITE, and the call is stored as not connected', async () => {
    const count = (await calls(org)).length;
    endpoint().settings.ringMs = 3000;
    try {
      const run = await runSipp({ scenario: 'cancel.xml', target, vars: vars(), args: ['-m', '1'] });
      expect(run.code, run.stdout + run.errors).toBe(0);
    } finally {
      endpoint().settings.ringMs = 0;
    }
    const list = await calls(org);
    expect(list).toHaveLength(count + 1);
    await expect.poll(async () => (await read(list[0]!.id)).status).toBe('failed');
    expect((await read(list[0]!.id)).endReason).toBe('carrier: canceled');
  });

  it('BYE from the product: hanging up through the API sends BYE, which the caller answers', async () => {
    const count = (await calls(org)).length;
    const run = runSipp({ scenario: 'server-bye.xml', target, vars: vars(), args: ['-m', '1'] });
    await expect
      .poll(async () => (await calls(org)).length > count && (await calls(org))[0]!.status === 'in-progress', { timeout: 10_000 })
      .toBe(true);
    const live = (await calls(org))[0]!;
    expect((await t.request('POST', `/api/v1/calls/${live.id}/hangup`, { token: org.token, body: {} })).status).toBe(200);
    const done = await run;
    expect(done.code, done.stdout + done.errors).toBe(0);
    await expect.poll(async () => (await read(live.id)).status).toBe('completed');
  });

  it('REFER: the agent is transferred to another party (202, NOTIFYs), the call goes on there and ends with a BYE to it', async () => {
    const port = await freePort();
    const uas = sippUas(port);
    const run = await runSipp({
      scenario: 'refer.xml',
      target,
      vars: vars({ refer_to: `+15550001@127.0.0.1:${port}` }),
      args: ['-m', '1'],
    });
    expect(run.code, run.stdout + run.errors).toBe(0);
    const live = (await calls(org))[0]!;
    expect(live.status).toBe('in-progress');
    expect((await t.request('POST', `/api/v1/calls/${live.id}/hangup`, { token: org.token, body: {} })).status).toBe(200);
    expect(await uas.done).toBe(0);
  });

  it('an outbound call takes the longest matching route to its gateway', async () => {
    const port = await freePort();
    const wrong = await freePort();
    for (const [prefix, gw] of [
      ['1', `127.0.0.1:${wrong}`],
      ['1415', `127.0.0.1:${port}`],
    ])
      expect((await t.request('POST', '/api/v2/sip/outboundRoutes', { token: org.token, body: { prefix, gateway: gw } })).status).toBe(200);
    const uas = sippUas(port);
    const placed = await t.request('POST', '/api/v1/calls', { token: org.token, body: { to: '+14155550102' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.call.id;
    await expect.poll(async () => (await read(id)).status, { timeout: 10_000 }).toBe('in-progress');
    expect((await t.request('POST', `/api/v1/calls/${id}/hangup`, { token: org.token, body: {} })).status).toBe(200);
    expect(await uas.done).toBe(0);
    await expect.poll(async () => (await read(id)).status).toBe('completed');
  });

  it("answers a gateway's digest challenge (401) with the route's stored credentials", async () => {
    const port = await freePort();
    const added = await t.request('POST', '/api/v2/sip/outboundRoutes', {
      token: org.token,
      body: { prefix: '44', gateway: `127.0.0.1:${port}`, username: 'acme-gw', password: 'gateway-secret' },
    });
    expect(added.status).toBe(200);
    const gateway = runSipp({
      scenario: 'gateway-auth.xml',
      target: '',
      port,
      vars: { user: 'acme-gw', password: 'gateway-secret' },
      args: ['-m', '1'],
      timeoutSec: 20,
    });
    await expect.poll(() => udpBound(port), { timeout: 10_000 }).toBe(true);
    const placed = await t.request('POST', '/api/v1/calls', { token: org.token, body: { to: '+442079460000' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.call.id;
    // In progress only if the gateway's verifyauth accepted our digest (a wrong one gets 403: a failed call).
    await expect.poll(async () => (await read(id)).status, { timeout: 10_000 }).toBe('in-progress');
    expect((await t.request('POST', `/api/v1/calls/${id}/hangup`, { token: org.token, body: {} })).status).toBe(200);
    const done = await gateway;
    expect(done.code, done.stdout + done.errors).toBe(0);
  });

  it('speaks TCP as well as UDP, and answers OPTIONS', async () => {
    const tcp = await runSipp({
      scenario: 'invite-audio.xml',
      target,
      vars: vars({ audio_ms: '1000', tail_ms: '100' }),
      args: ['-m', '1', '-t', 't1'],
    });
    expect(tcp.code, tcp.stdout + tcp.errors).toBe(0);
    expect((await calls(org))[0]).toMatchObject({ status: expect.stringMatching(/in-progress|completed/) });
    for (const transport of ['u1', 't1']) {
      const options = await runSipp({ scenario: 'options.xml', target, args: ['-m', '1', '-t', transport] });
      expect(options.code, options.stdout + options.errors).toBe(0);
    }
  });

  it('registers to a SIP provider with digest credentials and shows the registration live', async () => {
    const port = await freePort();
    const provider = runSipp({
      scenario: 'provider-registrar.xml',
      target: '',
      port,
      vars: { user: 'acme', password: 'provider-pass' },
      args: ['-m', '1'],
      timeoutSec: 15,
    });
    await expect.poll(() => udpBound(port), { timeout: 10_000 }).toBe(true);
    const body = {
      kind: 'provider',
      server: `127.0.0.1:${port}`,
      domain: 'provider.test',
      username: 'acme',
      password: 'provider-pass',
      expires: 300,
    };
    const added = await t.request('POST', '/api/v2/sip/registration', { token: org.token, body });
    expect(added.status).toBe(200);
    const done = await provider;
    expect(done.code, done.stdout + done.errors).toBe(0);
    const state = async () =>
      (await t.request('GET', '/api/v2/sip/registration', { token: org.token })).body.registrations.find(
        (r: { id: number }) => r.id === added.body.registration.id,
      );
    await expect.poll(async () => (await state()).state, { timeout: 5000 }).toBe('registered');
    // The provider granted 120 s of the 300 asked.
    expect((await state()).expiresAt).toBeLessThan(Date.now() + 121_000);
    expect(
      (await t.request('DELETE', '/api/v2/sip/registration', { token: org.token, body: { id: added.body.registration.id } })).status,
    ).toBe(200);
  });

  it('takes 20 calls at once with audio', async () => {
    const count = (await calls(org)).filter((c) => c.status === 'completed').length;
    const run = await runSipp({
      scenario: 'invite-audio.xml',
      target,
      vars: vars({ audio_ms: '1500', tail_ms: '200' }),
      args: ['-m', '20', '-l', '20', '-r', '20'],
    });
    expect(run.code, run.stdout + run.errors).toBe(0);
    expect(run.stats.SuccessfulCall?.startsWith('20') || Number(run.stats['SuccessfulCall(C)']) === 20).toBe(true);
    await expect.poll(async () => (await calls(org)).filter((c) => c.status === 'completed').length - count, { timeout: 10_000 }).toBe(20);
  });
});
