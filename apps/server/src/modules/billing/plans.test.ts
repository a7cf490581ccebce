import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let partner: Session;
let orgOwner: Session;
let stranger: Session;
let orgId: number;

const plan = {
  name: 'Partner Starter',
  description: 'Our own plan',
  priceMonth: '19.99',
  priceYear: 199,
  productItems: {
    voiceMinutes: {
      type: 'graduated',
      unit: 'minute',
      tiers: [
        { quantityMin: 0, quantityMax: 100, price: 0 },
        { quantityMin: 101, quantityMax: null, price: 90_000 },
      ],
    },
    numbers: { type: 'volume', unit: 'number', tiers: [{ quantityMin: 1, quantityMax: null, price: 1_000_000 }] },
  },
};

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  partner = await t.partner('Plan Partner');
  const org = await t.request('POST', '/api/v2/createOrganization', {
    token: partner.token,
    body: { name: 'Client Co', email: 'client@plans.test' },
  });
  orgId = org.body.id;
  orgOwner = await t.signIn('client@plans.test');
  stranger = await t.signUp('stranger@plans.test', { businessName: 'Stranger' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('partner-defined plans', () => {
  it('a partner defines a plan that its organizations see, and offers it', async () => {
    const made = await t.request('POST', '/api/v2/product/plans', { token: partner.token, body: plan });
    expect(made.status).toBe(200);
    expect(made.body.productPlan).toMatchObject({
      name: 'Partner Starter',
      priceMonth: 19_990_000,
      priceYear: 199_000_000,
      ownerAccountId: partner.id,
    });
    const id = made.body.productPlan.productPlanId;

    const own = await t.request('GET', '/api/v2/product/productCatalog', { token: orgOwner.token, query: { targetAccountId: orgId } });
    expect(own.body.productPlans.map((p: { name: string }) => p.name)).toEqual(['Partner Starter', 'Pro', 'Business']);
    const other = await t.request('GET', '/api/v2/product/productCatalog', { token: stranger.token });
    expect(other.body.productPlans.map((p: { name: string }) => p.name)).toEqual(['Pro', 'Business']);
    expect((await t.request('GET', `/api/v2/product/productCatalog/${id}`, { token: stranger.token })).status).toBe(404);

    expect(
      (await t.request('POST', '/api/v2/product/offerPlan', { token: partner.token, body: { organizationId: orgId, productPlanId: id } }))
        .status,
    ).toBe(200);
    const offered = await t.request('GET', '/api/v2/product/offeredPlan', { token: orgOwner.token, query: { targetAccountId: orgId } });
    expect(offered.body.productPlan.name).toBe('Partner Starter');

    const changed = await t.request('PUT', `/api/v2/product/plans/${id}`, {
      token: partner.token,
      body: { ...plan, name: 'Partner Basic', priceMonth: '24' },
    });
    expect(changed.body.productPlan).toMatchObject({ name: 'Partner Basic', priceMonth: 24_000_000 });
    expect((await t.request('GET', '/api/v2/product/myPlans', { token: partner.token })).body.productPlans).toHaveLength(1);
  });

  it('refuses broken tiers and prices, naming the field', async () => {
    const gap = {
      ...plan,
      productItems: {
        tokens: {
          type: 'graduated',
          unit: 'token',
          tiers: [
            { quantityMin: 0, quantityMax: 10, price: 0 },
            { quantityMin: 12, quantityMax: null, price: 1 },
          ],
        },
      },
    };
    const r = await t.request('POST', '/api/v2/product/plans', { token: partner.token, body: gap });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('productItems.tokens.tiers');
    const price = await t.request('POST', '/api/v2/product/plans', { token: partner.token, body: { ...plan, priceMonth: '19.9999999' } });
    expect(price.body.field).toBe('priceMonth');
  });

  it('an organization defines no plans; a stranger cannot offer to or change what is not theirs', async () => {
    expect(
      (await t.request('POST', '/api/v2/product/plans', { token: orgOwner.token, body: { ...plan, targetAccountId: orgId } })).body.message,
    ).toBe('Account type does not match');
    const otherPartner = await t.partner('Other Partner');
    const mine = (await t.request('GET', '/api/v2/product/myPlans', { token: partner.token })).body.productPlans[0].productPlanId;
    expect((await t.request('PUT', `/api/v2/product/plans/${mine}`, { token: otherPartner.token, body: plan })).status).toBe(404);
    expect(
      (
        await t.request('POST', '/api/v2/product/offerPlan', {
          token: otherPartner.token,
          body: { organizationId: orgId, productPlanId: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/v2/product/offeredPlan', { token: orgOwner.token, query: { targetAccountId: orgId } })).body.productPlan
        .name,
    ).toBe('Partner Basic');
  });
});
