import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** Contacts and booking (issue 15): an owner keeps contacts; a visitor books on /schedule at 390 px. */
describe('contacts and booking', () => {
  const suite = browserSuite();
  let org: Session;

  it('an owner creates a contact, opens it and edits it', async () => {
    org = await suite.signUp('olive@contacts.test', 'Olive Contacts');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app/contacts`);
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    await page.getByText('No contacts yet').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New contact' }).click();
    const create = page.getByRole('dialog', { name: 'New contact' });
    await create.getByLabel('Name').fill('Ann Lee');
    await create.getByLabel('Phone numbers').fill('not a number');
    await create.getByRole('button', { name: 'Add contact' }).click();
    await create.getByText('not a valid phone number').waitFor();
    await create.getByLabel('Phone numbers').fill('(415) 555-2671');
    await create.getByLabel('E-mail addresses').fill('Ann@Example.com');
    await create.getByLabel('Tags').fill('vip, lead');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Add contact' }).click();
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('list', { name: 'Contacts' }).getByRole('button', { name: /Ann Lee/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('+14155552671 · ann@example.com');
    await row.click();
    const preview = page.getByRole('dialog', { name: 'Contact' });
    await preview.getByText('vip, lead').waitFor();
    await preview.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByLabel('Name').fill('Ann Lee-Park');
    await edit.getByRole('button', { name: 'Save contact' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.goto(`${suite.server.url}/app/contacts`);
    await page
      .getByRole('list', { name: 'Contacts' })
      .getByRole('button', { name: /Ann Lee-Park/ })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('555-2671');
    await page
      .getByRole('list', { name: 'Contacts' })
      .getByRole('button', { name: /Ann Lee-Park/ })
      .waitFor();
    await snap(page, 'contacts-1280');
    await context.close();
  });

  it('a visitor books on /schedule at 390 px; a time taken meanwhile is said in words', async () => {
    const always = [{ start: '00:00', end: '24:00' }];
    const hours = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
    const saved = await suite.call('POST', '/api/v1/schedule', org.token, {
      timezone: 'America/New_York',
      hours,
      meetingTypes: [{ id: 'intro', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 60, horizonDays: 14 }],
    });
    const host = saved.username as string;
    const { context: visitor, page } = await suite.page({ token: '', id: 0, accountType: '', username: '', superAdmin: false }, 390, 844);
    await page.goto(`${suite.server.url}/schedule?host=${host}&meetingType=intro`);
    await page.getByRole('heading', { name: /Intro call with/ }).waitFor();
    await page.getByText('times shown in your time zone').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'schedule-390');

    // Someone else takes the first time while the visitor fills in the form.
    const slots = (await suite.call('GET', `/api/v1/schedule/${host}/slots?meetingType=intro`, null)).slots as { start: number }[];
    const times = page.getByRole('group', { name: /Times on/ }).getByRole('button');
    await times.first().click();
    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('E-mail').fill('vera@example.com');
    await suite.call('POST', `/api/v1/schedule/${host}/book`, null, {
      meetingType: 'intro',
      start: slots[0]!.start,
      name: 'Quick',
      email: 'quick@example.com',
    });
    await page.getByRole('button', { name: 'Book meeting' }).click();
    await page.getByText('That time was just taken. Please pick another time.').waitFor();

    await times.first().click();
    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('E-mail').fill('vera@example.com');
    await page.getByRole('button', { name: 'Book meeting' }).click();
    await page.getByRole('heading', { name: 'You are booked' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'schedule-booked-390');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const own = await suite.call('GET', '/api/v1/schedule', org.token);
    expect(own.bookings.map((b: { name: string }) => b.name).sort()).toEqual(['Quick', 'Vera Visitor']);
    await visitor.close();
  });
});
