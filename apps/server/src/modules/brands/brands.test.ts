import { MAIN_BRAND_DOMAIN_IDS, normalizeDomain } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let partner: Session;
let otherPartner: Session;
let resellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  partner = await t.partner('Acme Partners');
  otherPartner = await t.partner('Rival Partners');
  const r = await t.request('POST', '/api/v2/createReseller', { token: partner.token, body: { name: 'Blue Reseller' } });
  resellerId = r.body.id;
});
afterAll(async () => {
  await t.close();
});

describe('normalizeDomain', () => {
  it('reduces what people type to a host name and turns away non-domains', () => {
    expect(normalizeDomain('https://App.Brand.COM/login?x=1')).toBe('app.brand.com');
    expect(normalizeDomain('brand.io:8443')).toBe('brand.io');
    for (const bad of ['localhost', '127.0.0.1', 'no spaces.com', '-bad.com', 'a..com', 'x.c0m', 'user@brand.com', '']) {
      expect(normalizeDomain(bad)).toBeNull();
    }
  });
});

describe('brands of a partner', () => {
  it('adds a domain with its brand; the first one becomes the default', async () => {
    const res = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: {
        domain: 'HTTPS://App.Acme.test/',
        name: 'Acme Voice',
        image: 'https://cdn.acme.test/logo.png',
        settings: { colors: { primary: '#ff6600' }, supportUrl: 'https://help.acme.test' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.domain).toMatchObject({ domain: 'app.acme.test', isDefault: true, name: 'Acme Voice', accountId: partner.id });
    // Registered domains are numbered above the main brand's ids.
    expect(res.body.domain.id).toBeGreaterThan(Math.max(...MAIN_BRAND_DOMAIN_IDS));

    const second = await t.request('POST', '/api/v2/domain', { token: partner.token, body: { domain: 'voice.acme.test' } });
    expect(second.body.domain).toMatchObject({ domain: 'voice.acme.test', isDefault: false });

    const list = await t.request('GET', '/api/v2/domains', { token: partner.token });
    expect(list.body).toMatchObject({ success: true, totalDomains: 2 });
    expect(list.body.domains.map((d: { domain: string }) => d.domain)).toEqual(['app.acme.test', 'voice.acme.test']);

    const def = await t.request('GET', '/api/v2/domain', { token: partner.token });
    expect(def.body.domain.domain).toBe('app.acme.test');
  });

  it('switches the default domain', async () => {
    const res = await t.request('POST', '/api/v2/domain/default', { token: partner.token, body: { domain: 'voice.acme.test' } });
    expect(res.status).toBe(200);
    expect(res.body.domain).toMatchObject({ domain: 'voice.acme.test', isDefault: true });
    const list = await t.request('GET', '/api/v2/domains', { token: partner.token });
    expect(list.body.domains.filter((d: { isDefault: boolean }) => d.isDefault).map((d: { domain: string }) => d.domain)).toEqual([
      'voice.acme.test',
    ]);
  });

  it('updates a domain’s brand by id and renames it', async () => {
    const one = await t.request('GET', '/api/v2/domain', { token: partner.token, query: { domain: 'app.acme.test' } });
    const res = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { id: one.body.domain.id, domain: 'go.acme.test', settings: { colors: { primary: '#123456', accent: '#abcdef' } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.domain).toMatchObject({ id: one.body.domain.id, domain: 'go.acme.test', name: 'Acme Voice' });
    expect(res.body.domain.settings.colors).toEqual({ primary: '#123456', accent: '#abcdef' });
  });

  it('says which field is wrong', async () => {
    const bad = await t.request('POST', '/api/v2/domain', { token: partner.token, body: { domain: 'not a domain' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'domain' });
    const own = await t.request('POST', '/api/v2/domain', { token: partner.token, body: { domain: 'localhost' } });
    expect(own.status).toBe(400);
    const color = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { domain: 'c.acme.test', settings: { colors: { primary: 'orange' } } },
    });
    expect(color.status).toBe(400);
    expect(color.body.message).toContain('#1a73e8');
    const support = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { domain: 'c.acme.test', settings: { supportUrl: 'javascript:alert(1)' } },
    });
    expect(support.status).toBe(400);
    const image = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { domain: 'c.acme.test', image: 'ftp://x.test/a.png' },
    });
    expect(image.status).toBe(400);
    expect(image.body.field).toBe('image');
    const missing = await t.request('GET', '/api/v2/domain', { token: partner.token, query: { domain: 'nope.acme.test' } });
    expect(missing.status).toBe(404);
  });

  it('keeps domain names unique across brands', async () => {
    const res = await t.request('POST', '/api/v2/domain', { token: otherPartner.token, body: { domain: 'GO.acme.test' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      code: 'conflict',
      field: 'domain',
      message: 'domain: That domain is already in use.',
    });
    const lookup = await t.request('POST', '/api/v1/domain/lookup', { body: { domain: 'go.acme.test' } });
    expect(lookup.body).toMatchObject({ success: true, domain: 'go.acme.test', available: false, profile: { name: 'Acme Voice' } });
    const free = await t.request('POST', '/api/v1/domain/lookup', { body: { domain: 'free.example.test' } });
    expect(free.body).toMatchObject({ success: true, available: true, profile: null });
    const invalid = await t.request('POST', '/api/v1/domain/lookup', { body: { domain: '...' } });
    expect(invalid.status).toBe(400);
  });

  it('removes a domain, and the next one becomes the default', async () => {
    const res = await t.request('DELETE', '/api/v2/domain', { token: partner.token, query: { domain: 'voice.acme.test' } });
    expect(res.status).toBe(200);
    const list = await t.request('GET', '/api/v2/domains', { token: partner.token });
    expect(list.body.domains).toHaveLength(1);
    expect(list.body.domains[0]).toMatchObject({ domain: 'go.acme.test', isDefault: true });
    const again = await t.request('DELETE', '/api/v2/domain', { token: partner.token, query: { domain: 'voice.acme.test' } });
    expect(again.status).toBe(404);
  });

  it('lets a partner manage its reseller’s brand, and refuses organizations', async () => {
    const res = await t.request('POST', '/api/v2/domain', {
      token: partner.token,
      body: { targetResellerId: resellerId, domain: 'blue.example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.domain).toMatchObject({ accountId: resellerId, isDefault: true });
    const mine = await t.request('GET', '/api/v2/domains', { token: partner.token });
    expect(mine.body.domains.map((d: { domain: string }) => d.domain)).not.toContain('blue.example.test');

    const org = await t.signUp('owner@org.test');
    const refused = await t.request('POST', '/api/v2/domain', { token: org.token, body: { domain: 'org.example.test' } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Account type does not match');
  });
});

describe('the profile shown on a host', () => {
  it('is the brand of a registered domain (name defaults to the account, logo, colours, support URL)', async () => {
    const res = await t.request('GET', '/api/v1/domain/profile', { query: { host: 'GO.acme.test:443' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      profile: {
        name: 'Acme Voice',
        domain: 'go.acme.test',
        isMainBrand: false,
        details: { image: 'https://cdn.acme.test/logo.png' },
        settings: { colors: { primary: '#123456' } },
      },
    });
    const reseller = await t.request('GET', '/api/v1/domain/profile', { query: { host: 'blue.example.test' } });
    expect(reseller.body.profile).toMatchObject({ name: 'Blue Reseller', details: { image: null } });
  });

  it('reads the request’s own host when none is given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/domain/profile', headers: { host: 'go.acme.test' } });
    expect(res.json().profile.domain).toBe('go.acme.test');
  });

  it('is the main brand on the product’s own hosts', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1', '']) {
      const res = await t.request('GET', '/api/v1/domain/profile', { query: { host } });
      expect(res.status).toBe(200);
      expect(MAIN_BRAND_DOMAIN_IDS).toContain(res.body.profile.id);
      expect(res.body.profile).toMatchObject({ isMainBrand: true, name: 'Switchboard' });
    }
  });

  it('is a 404 for a domain no brand uses', async () => {
    const res = await t.request('GET', '/api/v1/domain/profile', { query: { host: 'unknown.example.test' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'not_found' });
  });

  it('frees the domain of a deleted reseller', async () => {
    await t.request('DELETE', '/api/v2/deleteAccount', { token: partner.token, query: { targetAccountId: resellerId } });
    const gone = await t.request('GET', '/api/v1/domain/profile', { query: { host: 'blue.example.test' } });
    expect(gone.status).toBe(404);
    const taken = await t.request('POST', '/api/v2/domain', { token: otherPartner.token, body: { domain: 'blue.example.test' } });
    expect(taken.status).toBe(200);
  });
});

describe('authorization', () => {
  it('another tree’s token reads nothing and changes nothing', async () => {
    const before = await t.request('GET', '/api/v2/domains', { token: partner.token });
    const target = before.body.domains[0];

    // Its own lists never show our domains.
    const theirs = await t.request('GET', '/api/v2/domains', { token: otherPartner.token });
    expect(theirs.body.domains.map((d: { domain: string }) => d.domain)).not.toContain(target.domain);
    // Naming our account is refused.
    for (const [method, url, extra] of [
      ['GET', '/api/v2/domains', {}],
      ['GET', '/api/v2/domain', {}],
      ['POST', '/api/v2/domain', { domain: 'x.other.test' }],
      ['POST', '/api/v2/domain/default', { id: target.id }],
      ['DELETE', '/api/v2/domain', { id: target.id }],
    ] as const) {
      const res =
        method === 'GET' || method === 'DELETE'
          ? await t.request(method, url, { token: otherPartner.token, query: { targetAccountId: partner.id, ...extra } })
          : await t.request(method, url, { token: otherPartner.token, body: { targetAccountId: partner.id, ...extra } });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    // Naming our domain from its own account finds nothing.
    const byId = await t.request('GET', '/api/v2/domain', { token: otherPartner.token, query: { id: target.id } });
    expect(byId.status).toBe(404);
    const upd = await t.request('POST', '/api/v2/domain', { token: otherPartner.token, body: { id: target.id, name: 'Hijacked' } });
    expect(upd.status).toBe(404);
    const del = await t.request('DELETE', '/api/v2/domain', { token: otherPartner.token, query: { id: target.id } });
    expect(del.status).toBe(404);
    const def = await t.request('POST', '/api/v2/domain/default', { token: otherPartner.token, body: { id: target.id } });
    expect(def.status).toBe(404);

    const after = await t.request('GET', '/api/v2/domains', { token: partner.token });
    expect(after.body).toEqual(before.body);
    const anon = await t.request('GET', '/api/v2/domains');
    expect(anon.status).toBe(401);
  });
});
