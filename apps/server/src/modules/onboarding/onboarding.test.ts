import { initOnboarding, onboardingReducer, parseOnboarding, startWalkthroughStep, parseWalkthrough } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** Onboarding and walkthrough state live in the account's settings (POST /api/v1/accountSetting). */
let t: TestApp;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('owner@onboarding.test');
  other = await t.signUp('other@onboarding.test');
});
afterAll(async () => {
  await t.close();
});

describe('onboarding persistence', () => {
  it('round-trips the machine’s state through settings.onboarding and mirrors onboardingComplete', async () => {
    let s = initOnboarding(undefined, { onboard: 'true' });
    s = onboardingReducer(s, { type: 'SELECT_TEMPLATE', templateId: 'restaurant' }).state;
    const saved = await t.request('POST', '/api/v1/accountSetting', { token: owner.token, body: { settings: { onboarding: s } } });
    expect(saved.status).toBe(200);
    const me = await t.request('GET', '/api/v1/account', { token: owner.token });
    expect(parseOnboarding(me.body.settings.onboarding)).toEqual(s);
    expect(Number.isInteger(me.body.settings.onboarding.updatedAt)).toBe(true);
    expect(me.body.settings.onboarding.updatedAt).toBeLessThan(Date.now() / 100);

    const done = onboardingReducer(s, { type: 'COMPLETE' }).state;
    await t.request('POST', '/api/v1/accountSetting', {
      token: owner.token,
      body: { settings: { onboarding: done, walkthrough: startWalkthroughStep(parseWalkthrough(null), 'SETUP_AGENT') } },
    });
    const row = await t.database.db
      .selectFrom('accounts')
      .select('onboarding_complete')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.onboarding_complete).toBe(1);
    const again = await t.request('GET', '/api/v1/account', { token: owner.token });
    expect(initOnboarding(again.body.settings.onboarding, { onboard: 'true' })).toMatchObject({
      activeStep: 'SELECT_TEMPLATE',
      method: 'BUILD_FROM_TEMPLATE',
    });
    expect(again.body.settings.walkthrough).toEqual({ version: 1, completed: [], current: 'SETUP_AGENT' });
  });

  it('another tree cannot write it', async () => {
    const res = await t.request('POST', '/api/v1/accountSetting', {
      token: other.token,
      body: { targetAccountId: owner.id, settings: { onboarding: { onboardingComplete: false } } },
    });
    expect(res.status).toBe(403);
    const row = await t.database.db
      .selectFrom('accounts')
      .select('onboarding_complete')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.onboarding_complete).toBe(1);
  });
});
