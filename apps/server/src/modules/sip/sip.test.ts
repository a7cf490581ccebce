import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ipMatches } from './cidr.ts';
import { longestPrefix } from './trunk.ts';

/** SIP settings through the HTTP API: whitelist, outbound routes, registrations, and another tree's reach. */
let t: TestApp;
let org: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.signUp('owner@sip.test', { businessName: 'Sip Co' });
  other = await t.signUp('owner@other-sip.test', { businessName: 'Other Co' });
});
afterAll(async () => {
  await t.close();
});

const post = (s: Session, path: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/v2/sip/${path}`, { token: s.token, body });
const get = (s: Session, path: string) => t.request('GET', `/api/v2/sip/${path}`, { token: s.token });
const del = (s: Session, path: string, id: number) => t.request('DELETE', `/api/v2/sip/${path}`, { token: s.token, body: { id } });

describe('SIP settings', () => {
  it('keeps an IP whitelist of addresses and CIDR ranges with labels', async () => {
    expect((await get(org, 'ipWhitelist')).body.ipWhitelist).toEqual([]);
    const added = await post(org, 'ipWhitelist', { ip: '203.0.113.0/24', label: 'Office PBX' });
    expect(added.status).toBe(200);
    expect(added.body.entry).toMatchObject({ ip: '203.0.113.0/24', label: 'Office PBX' });
    expect((await post(org, 'ipWhitelist', { ip: '203.0.113.0/24' })).status).toBe(409);
    expect((await post(org, 'ipWhitelist', { ip: '300.1.1.1' })).body.field).toBe('ip');
    expect((await post(org, 'ipWhitelist', { ip: '10.0.0.0/33' })).body.field).toBe('ip');
    expect((await post(org, 'ipWhitelist', { label: 'x' })).body.field).toBe('ip');
    const list = await get(org, 'ipWhitelist');
    expect(list.body.ipWhitelist.map((e: { ip: string }) => e.ip)).toEqual(['203.0.113.0/24']);
    expect((await del(org, 'ipWhitelist', added.body.entry.id)).status).toBe(200);
    expect((await get(org, 'ipWhitelist')).body.ipWhitelist).toEqual([]);
    expect((await t.request('DELETE', '/api/v2/sip/ipWhitelist', { token: org.token })).body.field).toBe('id');
  });

  it('stores outbound routes with the gateway password encrypted, never shown', async () => {
    const r = await post(org, 'outboundRoutes', {
      prefix: '+1',
      gateway: 'sip.example.net:5080',
      transport: 'tcp',
      username: 'acme',
      password: 's3cret-pass',
    });
    expect(r.status).toBe(200);
    expect(r.body.route).toMatchObject({
      prefix: '1',
      gateway: 'sip.example.net:5080',
      transport: 'tcp',
      username: 'acme',
      hasPassword: true,
    });
    expect(JSON.stringify(r.body)).not.toContain('s3cret-pass');
    const row = await t.services.deps.db.selectFrom('sip_routes').selectAll().where('id', '=', r.body.route.id).executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain('s3cret');
    expect((await post(org, 'outboundRoutes', { prefix: '1', gateway: 'other.example' })).status).toBe(409);
    expect((await post(org, 'outboundRoutes', { prefix: '1x', gateway: 'a.example' })).body.field).toBe('prefix');
    expect((await post(org, 'outboundRoutes', { prefix: '44', gateway: 'bad host!' })).body.field).toBe('gateway');
    expect((await post(org, 'outboundRoutes', { prefix: '44', gateway: 'a.example', transport: 'tls' })).body.field).toBe('transport');
    expect((await get(org, 'outboundRoutes')).body.outboundRoutes).toHaveLength(1);
  });

  it('registrations: a PBX user (HA1 stored, not the password) and a provider registration with its live state', async () => {
    const pbx = await post(org, 'registration', { kind: 'pbx', username: 'office-pbx', password: 'pbx-password-1' });
    expect(pbx.status).toBe(200);
    expect(pbx.body.registration).toMatchObject({ kind: 'pbx', username: 'office-pbx', state: 'unregistered', contact: null });
    const row = await t.services.deps.db
      .selectFrom('sip_registrations')
      .selectAll()
      .where('id', '=', pbx.body.registration.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^[0-9a-f]{32}$/);
    expect((await post(other, 'registration', { kind: 'pbx', username: 'office-pbx', password: 'another-pass' })).status).toBe(409);
    expect((await post(org, 'registration', { kind: 'provider', username: 'acme', password: 'provider-pass' })).body.field).toBe('server');
    expect((await post(org, 'registration', { kind: 'pbx', username: 'a b', password: 'provider-pass' })).body.field).toBe('username');
    expect((await post(org, 'registration', { kind: 'pbx', username: 'short', password: 'x' })).body.field).toBe('password');
    const prov = await post(org, 'registration', {
      kind: 'provider',
      server: '127.0.0.1:9',
      username: 'acme',
      password: 'provider-pass',
      expires: 120,
    });
    expect(prov.status).toBe(200);
    const list = await get(org, 'registration');
    expect(list.body.registrations.map((r: { kind: string }) => r.kind)).toEqual(['pbx', 'provider']);
    // SIP_PORT is off in this test app: the endpoint says so.
    expect(list.body.endpoint).toMatchObject({ enabled: false, transports: ['udp', 'tcp'], realm: 'switchboard', rtpPorts: '10000-20000' });
    expect((await del(org, 'registration', prov.body.registration.id)).status).toBe(200);
  });

  it('another tree reads and changes nothing', async () => {
    const w = await post(org, 'ipWhitelist', { ip: '198.51.100.7', label: 'Carrier' });
    const routes = await get(org, 'outboundRoutes');
    const regs = await get(org, 'registration');
    expect((await get(other, 'ipWhitelist')).body.ipWhitelist).toEqual([]);
    expect((await get(other, 'outboundRoutes')).body.outboundRoutes).toEqual([]);
    expect((await get(other, 'registration')).body.registrations).toEqual([]);
    expect((await del(other, 'ipWhitelist', w.body.entry.id)).status).toBe(404);
    expect((await del(other, 'outboundRoutes', routes.body.outboundRoutes[0].id)).status).toBe(404);
    expect((await del(other, 'registration', regs.body.registrations[0].id)).status).toBe(404);
    // Naming the other organization as the acting account is refused outright.
    const cross = await t.request('GET', '/api/v2/sip/ipWhitelist', { token: other.token, query: { targetAccountId: org.id } });
    expect(cross.status).toBe(403);
    expect((await get(org, 'ipWhitelist')).body.ipWhitelist).toHaveLength(1);
    expect((await get(org, 'outboundRoutes')).body.outboundRoutes).toHaveLength(1);
    expect((await get(org, 'registration')).body.registrations).toHaveLength(1);
  });
});

describe('SIP settings of the server', () => {
  it('defaults to port 5060 and RTP 10000-20000; bad values stop start-up naming the variable', () => {
    const c = loadConfig({ HOST: '192.0.2.10' });
    expect(c).toMatchObject({
      SIP_PORT: 5060,
      RTP_PORT_MIN: 10000,
      RTP_PORT_MAX: 20000,
      sipPublicAddress: '192.0.2.10',
      SIP_REALM: 'switchboard',
    });
    expect(loadConfig({ SIP_PORT: 'off' }).SIP_PORT).toBeNull();
    expect(() => loadConfig({ SIP_PORT: 'x' })).toThrow(/SIP_PORT/);
    expect(() => loadConfig({ SIP_PORT: '70000' })).toThrow(/SIP_PORT/);
    expect(() => loadConfig({ RTP_PORT_MIN: '30000', RTP_PORT_MAX: '20000' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIP_PUBLIC_ADDRESS: 'bad address!' })).toThrow(/SIP_PUBLIC_ADDRESS/);
  });
});

describe('matching rules', () => {
  it('matches addresses against CIDR ranges', () => {
    expect(ipMatches('203.0.113.9', '203.0.113.0/24')).toBe(true);
    expect(ipMatches('203.0.114.9', '203.0.113.0/24')).toBe(false);
    expect(ipMatches('10.1.2.3', '10.1.2.3')).toBe(true);
    expect(ipMatches('10.1.2.4', '10.1.2.3')).toBe(false);
    expect(ipMatches('::ffff:127.0.0.1', '127.0.0.0/8')).toBe(true);
    expect(ipMatches('8.8.8.8', '0.0.0.0/0')).toBe(true);
    expect(ipMatches('255.255.255.255', '255.255.255.254/31')).toBe(true);
  });
  it('takes the longest matching prefix', () => {
    const routes = [{ prefix: '' }, { prefix: '1' }, { prefix: '1415' }, { prefix: '44' }];
    expect(longestPrefix(routes, '+14155550100')?.prefix).toBe('1415');
    expect(longestPrefix(routes, '+12065550100')?.prefix).toBe('1');
    expect(longestPrefix(routes, '+33155550100')?.prefix).toBe('');
    expect(longestPrefix([{ prefix: '44' }], '+33155550100')).toBeNull();
  });
});
