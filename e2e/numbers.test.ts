import { describe, expect, it } from 'vitest';
import { browserSuite, openSection, seriousAxeViolations, snap, type Session } from './harness.ts';

/** Phone numbers: search the simulated carrier in selectNumber, buy, see it listed; forwarding codes. */
describe('phone numbers', () => {
  const suite = browserSuite();
  let org: Session;

  it('searches by area code, buys a number through selectNumber and sees it in the Numbers section', async () => {
    org = await suite.signUp('olive@numbers.test', 'Olive Numbers');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app`);
    await openSection(page, 'Numbers');
    await page.getByRole('heading', { name: 'Phone numbers', level: 1 }).waitFor();
    await page.getByText('No phone numbers yet').waitFor();

    await page.getByRole('button', { name: 'Get a number' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Choose a phone number' });
    await dialog.getByLabel('Area code or first digits').fill('512');
    await dialog.getByRole('button', { name: 'Search' }).click();
    const results = dialog.getByRole('radiogroup', { name: 'Available numbers' });
    await results.getByText('Austin, TX, US').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'numbers-select');
    const first = results.getByRole('radio').first();
    const number = await first.getAttribute('value');
    expect(number).toMatch(/^\+1512\d{7}$/);
    await first.check();
    // The price is shown before buying: this organization has no plan, so the number costs nothing a month.
    const price = dialog.locator('[data-number-price]');
    expect(await price.textContent()).toBe('Price: No monthly charge: you have no plan that prices phone numbers.');
    await snap(page, 'numbers-select-price-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await price.scrollIntoViewIfNeeded();
    await snap(page, 'numbers-select-price-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Buy this number' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('number-row');
    await row.waitFor();
    const digits = number!.slice(2);
    expect(await row.textContent()).toBe(`+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await page.getByText('Austin, TX, US').waitFor();
    expect((await suite.call('GET', '/api/v2/phoneNumbers', org.token)).phoneNumbers).toMatchObject([{ number, locality: 'Austin' }]);
    await snap(page, 'numbers-list');

    // The forwarding codes name the new number.
    await page.getByRole('button', { name: 'Forward your line' }).click();
    const fwd = page.getByRole('dialog', { name: 'Forward your calls' });
    await fwd.getByRole('radio', { name: 'Verizon' }).click();
    await fwd.getByRole('link', { name: `Dial *71${digits}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The user dials the code on their phone (the simulated carrier's phone), then tests it.
    await suite.call('POST', '/api/dev/carrier/dial', null, { from: '+14045550999', digits: `*71${digits}` });
    await fwd.getByRole('button', { name: 'I dialled it: test forwarding' }).click();
    const test = page.getByRole('dialog', { name: 'Test call forwarding' });
    await test.getByLabel('Your phone number').fill('(404) 555-0999');
    await test.getByRole('button', { name: 'Call my phone' }).click();
    await test.getByText('Forwarding works').waitFor();
    await snap(page, 'numbers-forwarding');
    const account = await suite.call('GET', '/api/v1/account', org.token);
    expect(account.settings.walkthrough.completed).toContain('FORWARD_CALLS');
    await context.close();
  });
});
