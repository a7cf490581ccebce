import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, SUPER_ADMIN_EMAIL } from './harness.ts';

/** Billing: add funds by card on the local checkout, see the balance and the transaction; Lightning; a plan. */
describe('billing and the wallet', () => {
  const suite = browserSuite();

  it('adds $10 through the local checkout and shows the balance and the transaction', async () => {
    const org = await suite.signUp('olive@billing.test', 'Olive Billing');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app/billing`);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await expect.poll(() => page.locator('[data-balance]').textContent()).toBe('$0.00');
    await page.getByText('No transactions yet').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'billing-empty-1280');

    await page.getByRole('button', { name: 'Add funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Amount (USD)').inputValue()).toBe('10');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    // The local checkout page: pay.
    await page.waitForURL(/\/pay\/checkout\//);
    await page.getByRole('button', { name: 'Pay $10.00' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay $10.00' }).click();

    // Back on the result page, which reads the checkout's outcome from the server.
    await page.waitForURL(/\/app\/paymentSuccess/);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('$10.00 was added to your wallet. Your balance is $10.00.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the app' }).click();

    await page.waitForURL(/\/app\/billing$/);
    await expect.poll(() => page.locator('[data-balance]').textContent()).toBe('$10.00');
    const row = page.locator('[data-transaction="card_topup"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Added funds by card');
    expect(await row.textContent()).toContain('+$10.00');
    await snap(page, 'billing-funded-1280');

    // The balances overlay: USD and what it is worth in sats at the local rate (0.00043 USD per sat).
    await page.goto(`${suite.server.url}/app/billing?balances=true`);
    const balances = page.getByRole('dialog', { name: 'Balances' });
    await balances.getByText('23,255 sats').waitFor();
    expect(await balances.textContent()).toContain('$10.00');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Withdraw $4 to PayPal: held while pending, paid by the local payout processor.
    await page.goto(`${suite.server.url}/app/billing`);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('No withdrawals yet').waitFor();
    await withdraw.getByLabel('PayPal e-mail').fill('olive@paypal.test');
    await withdraw.getByLabel('Amount (USD)').fill('4');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const payouts = withdraw.getByRole('list', { name: 'Withdrawals' });
    await payouts.getByText('pending').waitFor();
    expect(await payouts.textContent()).toContain('PayPal · $4.00');
    await snap(page, 'billing-withdraw-1280');
    const { payouts: list } = (await suite.call('GET', '/api/v1/payouts', org.token)) as { payouts: { id: string }[] };
    await suite.call('POST', '/api/dev/payouts/settle', null, { payoutId: list[0]!.id, status: 'paid' });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-balance]').textContent()).toBe('$6.00');
    await page.goto(`${suite.server.url}/app/billing?withdraw=paypal`);
    await page.getByRole('dialog', { name: 'Withdraw' }).getByRole('list', { name: 'Withdrawals' }).getByText('paid').waitFor();
    await context.close();
  });

  it('cancelling the checkout adds nothing and says so', async () => {
    const org = await suite.signUp('cancel@billing.test', 'Cancel Co');
    const { context, page } = await suite.page(org, 390, 844);
    await page.goto(`${suite.server.url}/app/billing?addFunds=true`);
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    await dialog.getByLabel('Amount (USD)').fill('25.50');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/app\/paymentCancel/);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Nothing was charged.');
    expect((await suite.call('GET', '/api/v1/recentTransactions', org.token)).balance).toBe(0);
    await context.close();
  });

  it('adds funds by Lightning: a BOLT11 invoice with a QR code, paid from the local test wallet', async () => {
    const org = await suite.signUp('zap@billing.test', 'Zap Co');
    const { context, page } = await suite.page(org, 390, 844);
    await page.goto(`${suite.server.url}/app/billing?addFunds=lightning`);
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByRole('button', { name: 'Create invoice' }).click();
    const qr = dialog.getByRole('img', { name: 'QR code of the Lightning invoice' });
    await qr.waitFor();
    expect(await qr.getAttribute('data-invoice-qr')).toMatch(/^lnbcrt/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'billing-lightning-390');
    await dialog.getByRole('button', { name: 'Pay with the local test wallet' }).click();
    await page.getByText('Payment received. Your balance is $5.00.').waitFor();
    expect((await suite.call('GET', '/api/v1/recentTransactions', org.token)).balance).toBe(5_000_000);
    await context.close();
  });

  it('subscribes to a plan through the checkout', async () => {
    const org = await suite.signUp('plan@billing.test', 'Plan Co');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app/billing`);
    await page.getByRole('button', { name: 'Choose a plan' }).click();
    const plans = page.getByRole('dialog', { name: 'Choose a plan' });
    await plans.getByRole('button', { name: 'Prices of Pro' }).click();
    const details = page.getByRole('dialog', { name: 'Pro' });
    await details
      .getByRole('table', { name: /voice minutes/ })
      .first()
      .waitFor();
    expect(await details.locator('[data-item="voiceMinutes"]').textContent()).toContain('501 and more$0.10');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'billing-plan-details-1280');
    await page.goBack();
    await plans.getByRole('button', { name: 'Choose Pro' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByText('$49.00').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Stacked on "Choose a plan": the top dialog is the one a screen reader reads, and focus is in it.
    const hiddenAbove = () => page.getByText('Continue to payment').evaluate((el) => !!el.closest('[aria-hidden="true"], [inert]'));
    expect(await hiddenAbove()).toBe(false);
    await expect.poll(() => checkout.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const plansAny = page.getByRole('dialog', { name: 'Choose a plan', includeHidden: true });
    expect(await plansAny.evaluate((el) => !!el.closest('[aria-hidden="true"], [inert]'))).toBe(true);
    // Back closes the checkout: focus returns into "Choose a plan", which is readable again.
    await checkout.getByRole('button', { name: 'Back' }).click();
    await checkout.waitFor({ state: 'detached' });
    await expect.poll(() => plansAny.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await plansAny.evaluate((el) => !!el.closest('[aria-hidden="true"], [inert]'))).toBe(false);
    await plans.getByRole('button', { name: 'Choose Pro' }).click();
    await checkout.getByText('$49.00').waitFor();
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay $49.00' }).click();
    await page.waitForURL(/\/app\/paymentSuccess/);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Your plan is paid ($49.00) and active.');
    await page.getByRole('link', { name: 'Back to the app' }).click();
    await page.locator('[data-plan="Pro"]').waitFor();
    expect((await suite.call('GET', '/api/v1/account', org.token)).vidaPremium).toBe(true);
    await page.goto(`${suite.server.url}/app/billing?premium=true`);
    await page.getByRole('dialog', { name: 'Premium' }).getByText('Premium is on with the Pro plan.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The card paid the plan, not the wallet, and the payment is in Transactions all the same.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${suite.server.url}/app/billing?transactions=true`);
      const row = page.getByRole('dialog', { name: 'Transactions' }).locator('[data-transaction="subscription"]');
      await row.getByText('Plan paid by card').waitFor();
      expect(await row.textContent()).toContain('-$49.00');
      await snap(page, `billing-transactions-plan-${width}`);
    }
    await context.close();
  }, 120_000);
});

describe('plans a partner defines', () => {
  const suite = browserSuite();

  it('a partner defines a plan with pricing tiers in the Billing section', async () => {
    const admin = await suite.signUp(SUPER_ADMIN_EMAIL, 'Switchboard HQ');
    await suite.call('POST', '/internal/createPartner', admin.token, { name: 'North Partners', email: 'north@partners.test' });
    const partner = await suite.signIn('north@partners.test');
    const { context, page } = await suite.page(partner);
    await page.goto(`${suite.server.url}/app/billing`);
    await page.getByText('No plans of your own yet').waitFor();
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name').fill('Clinic Plan');
    await dialog.getByLabel('Price per month (USD)').fill('29');
    await dialog.getByLabel('Price per year (USD)').fill('290.50');
    await dialog.getByLabel('Charge for voice minutes').check();
    await dialog.getByLabel('voice minutes tier 1 to').fill('200');
    await dialog.getByRole('button', { name: 'Add a tier' }).first().click();
    await dialog.getByLabel('voice minutes tier 2 from').fill('201');
    await dialog.getByLabel('voice minutes tier 2 price').fill('0.05');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'billing-edit-plan-1280');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await page.locator('[data-my-plan="Clinic Plan"]').waitFor();
    const mine = await suite.call('GET', '/api/v2/product/myPlans', partner.token);
    expect(mine.productPlans[0]).toMatchObject({ priceMonth: 29_000_000, priceYear: 290_500_000 });
    expect(mine.productPlans[0].productItems.voiceMinutes.tiers).toEqual([
      { quantityMin: 0, quantityMax: 200, price: 0 },
      { quantityMin: 201, quantityMax: null, price: 50_000 },
    ]);

    // Offered to one of its organizations, found by name.
    const made = await suite.call('POST', '/api/v2/createOrganization', partner.token, { name: 'Lakeside Clinic' });
    await suite.call('POST', '/api/v2/createOrganization', partner.token, { name: 'Hilltop Dental' });
    await page.getByRole('button', { name: 'Offer Clinic Plan' }).click();
    const offer = page.getByRole('form', { name: 'Offer Clinic Plan' });
    await offer.getByLabel('Find an organization').fill('Lakeside');
    await expect.poll(() => offer.getByLabel('Organization').locator('option').allTextContents()).toEqual(['Lakeside Clinic']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Offer Clinic Plan' }).click();
    await offer.waitFor({ state: 'detached' });
    const orgId = made.id ?? made.account?.id;
    const offered = await suite.call('GET', `/api/v2/product/offeredPlan?targetAccountId=${orgId}`, partner.token);
    expect(offered.productPlan).toMatchObject({ name: 'Clinic Plan' });
    await context.close();
  });
});
