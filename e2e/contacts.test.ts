import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap, type Session } from './harness.ts';

/** Contacts and booking: an owner keeps contacts; a visitor books on /schedule at 390 px. */
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

  it('the owner sees the contact’s name in the inbox instead of the number', async () => {
    const { number } = await suite.call('POST', '/api/v2/phoneNumber/assign', org.token, { targetAccountId: org.id });
    await suite.call('POST', '/api/dev/carrier/inbound', null, { from: '+1 415 555 2671', to: number, body: 'Is my cleaning still on?' });
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/inbox?filter=agent`);
    const row = page.locator('li[data-room]', { hasText: 'Ann Lee-Park' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('555');
    await row.getByRole('button').first().click();
    await page.getByRole('heading', { name: 'Ann Lee-Park' }).waitFor();
    await snap(page, 'inbox-contact-name-1280');

    // The call log names the contact, the number beside it; the contact's preview lists the text and the call.
    await suite.call('POST', '/api/v1/calls', org.token, { targetAccountId: org.id, to: '+14155552671', idempotencyKey: 'e2e-ann' });
    await page.goto(`${suite.server.url}/app/calls`);
    const call = page.getByTestId('call-row').filter({ hasText: 'Ann Lee-Park' });
    await call.waitFor();
    expect(await call.getByTestId('call-number').textContent()).toBe('+14155552671');
    await page.goto(`${suite.server.url}/app/contacts`);
    await page
      .getByRole('list', { name: 'Contacts' })
      .getByRole('button', { name: /Ann Lee-Park/ })
      .click();
    const preview = page.getByRole('dialog', { name: 'Contact' });
    await preview.getByRole('link', { name: 'Text with +14155552671' }).waitFor();
    await preview.getByRole('region', { name: 'Calls' }).getByText('We called +14155552671').waitFor();
    await preview.getByText('No meetings yet.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'contact-activity-1280');
    await context.close();
  });

  it('inside the mobile app, contacts found on the phone through the native bridge are imported', async () => {
    const { context, page } = await suite.page(org, 390, 844);
    // The wrapper's side of the bridge: answers searchContact with the same requestId.
    await page.addInitScript(() => {
      (window as unknown as { ReactNativeWebView: { postMessage(json: string): void } }).ReactNativeWebView = {
        postMessage(json: string) {
          const m = JSON.parse(json) as { type: string; requestId: string; contactToSearch: string };
          if (m.type !== 'searchContact') return;
          const contacts = [
            { name: 'Bea Phone', phoneNumbers: ['+1 (415) 555-0142'] },
            { name: 'Cal Phone', emails: ['cal@phone.test'] },
          ].filter((c) => c.name.toLowerCase().includes(m.contactToSearch.toLowerCase()));
          setTimeout(
            () =>
              window.dispatchEvent(
                new MessageEvent('message', { data: JSON.stringify({ type: 'searchContactResult', requestId: m.requestId, contacts }) }),
              ),
            20,
          );
        },
      };
    });
    await page.goto(`${suite.server.url}/app/contacts`);
    const phone = page.getByRole('form', { name: 'Contacts on this phone' });
    await phone.getByLabel('Name to find').fill('phone');
    await phone.getByRole('button', { name: 'Find' }).click();
    await phone
      .getByRole('list', { name: 'Found on this phone' })
      .getByText(/Bea Phone/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await phone.getByRole('button', { name: 'Import 2 contacts' }).click();
    await page
      .getByRole('list', { name: 'Contacts' })
      .getByRole('button', { name: /Bea Phone/ })
      .waitFor();
    const all = (await suite.call('GET', '/api/v2/contact', org.token)).contacts as { name: string; phones: string[]; emails: string[] }[];
    expect(all.find((c) => c.name === 'Bea Phone')?.phones).toEqual(['+14155550142']);
    expect(all.find((c) => c.name === 'Cal Phone')?.emails).toEqual(['cal@phone.test']);
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

    // The visitor follows the confirmation's link: moves the meeting, then cancels it.
    await page.getByRole('link', { name: 'Reschedule or cancel' }).click();
    await page.getByRole('heading', { name: /Intro call with/ }).waitFor();
    const before = await page.getByText(/^Booked for/).textContent();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const newTimes = page.getByRole('group', { name: /Times on/ }).getByRole('button');
    await newTimes.last().click();
    await page.getByRole('button', { name: 'Reschedule' }).waitFor();
    expect(await page.getByText(/^Booked for/).textContent()).not.toBe(before);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'schedule-manage-390');
    await page.getByRole('button', { name: 'Cancel meeting' }).click();
    await page.getByRole('heading', { name: 'This meeting is cancelled' }).waitFor();
    const after = await suite.call('GET', '/api/v1/schedule', org.token);
    expect(after.bookings.map((b: { name: string }) => b.name)).toEqual(['Quick']);
    await visitor.close();
  });

  it('the owner cancels a booking from the calendar', async () => {
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app/calendar`);
    const list = page.getByRole('list', { name: 'Upcoming meetings' });
    await list.getByText(/Quick/).waitFor();
    await list.getByRole('button', { name: 'Cancel the meeting with Quick' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel meeting' }).click();
    await page.getByText('No meetings booked').waitFor();
    expect((await suite.call('GET', '/api/v1/schedule', org.token)).bookings).toEqual([]);
    // Connected calendars: Google through OAuth, Calendly with a token; a refused token is said at the field.
    await page.getByRole('button', { name: 'Connect Google Calendar' }).waitFor();
    await page.getByLabel('Calendly personal access token').fill('not-a-real-token');
    await page.getByRole('button', { name: 'Connect Calendly' }).click();
    await page
      .getByRole('alert')
      .or(page.getByText(/Calendly|userPAT/).last())
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'calendar-1280');

    // Working hours: the all-day schedule's end shows as midnight; a split day keeps both stretches.
    expect(await page.getByLabel('Monday until').inputValue()).toBe('00:00');
    await page.getByLabel('Tuesday until').fill('12:00');
    await page.getByRole('button', { name: 'Add hours on Tuesday' }).click();
    expect(await page.getByLabel('Tuesday (2) from').inputValue()).toBe('13:00');
    await page.getByLabel('Tuesday (2) until').fill('17:30');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect
      .poll(async () => (await suite.call('GET', '/api/v1/schedule', org.token)).schedule.hours.tue)
      .toEqual([
        { start: '00:00', end: '12:00' },
        { start: '13:00', end: '17:30' },
      ]);
    expect((await suite.call('GET', '/api/v1/schedule', org.token)).schedule.hours.mon).toEqual([{ start: '00:00', end: '24:00' }]);
    await page.getByLabel('Tuesday (2) until').scrollIntoViewIfNeeded();
    await snap(page, 'calendar-hours-1280');
    await context.close();
  });
});
