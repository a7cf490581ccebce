import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserSuite, seriousAxeViolations, snap } from './harness.ts';

/** A 2×2 PNG, made here so the test carries no binary file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Taking over pauses the AI; the visitor sees staff attachments and reactions; a failed send keeps its text. */
describe('inbox: takeover, what the visitor sees, failed sends', () => {
  const suite = browserSuite();

  it('a staff reply pauses the AI (the header says so); the visitor sees the attachment and the reaction live and after a reload', async () => {
    const owner = await suite.signUp('olive@takeover.test', 'Takeover Dental');
    const username = (await suite.call('GET', '/api/v1/account', owner.token)).username as string;
    const { context: staffCtx, page: inbox } = await suite.page(owner, 1280, 800);
    await inbox.goto(`${suite.server.url}/inbox?filter=agent`);
    await inbox.getByText('Live', { exact: true }).waitFor();

    const { context: visitorCtx, page: visitor } = await (async () => {
      const context = await staffCtx.browser()!.newContext({ viewport: { width: 390, height: 760 } });
      return { context, page: await context.newPage() };
    })();
    await visitor.goto(`${suite.server.url}/chat/${username}`);
    await visitor.getByText('Online').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Do you do whitening?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.locator('.msg.in').first().waitFor(); // the AI answered

    const row = inbox.locator('li[data-room]').first();
    await row.locator('button').first().click();
    await inbox.getByText('Do you do whitening?').waitFor();
    await expect.poll(() => inbox.getByTestId('ai-state').textContent()).toBe('AI agent answering');

    // Staff answer straight away, with a picture: the AI is paused and the header says so.
    await inbox.locator('input[type=file]').setInputFiles({ name: 'smile.png', mimeType: 'image/png', buffer: tinyPng() });
    await inbox.getByText('Attached: smile.png').waitFor();
    await inbox.getByRole('textbox', { name: 'Message' }).fill('Yes! I am Olive, here is our price list.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => inbox.getByTestId('ai-state').textContent()).toBe('AI paused · you are answering');
    expect(await inbox.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    // The visitor sees the staff message with its picture, live.
    const staffMsg = visitor.locator('.msg.in').filter({ hasText: 'Yes! I am Olive' });
    await staffMsg.locator('img[alt="smile.png"]').waitFor();

    // The visitor writes again: no AI answer, only people now.
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Great, how much is it?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    const question = inbox.locator('[data-message-id]').filter({ hasText: 'Great, how much is it?' });
    await question.waitFor();
    // Give a (wrong) AI reply the time it takes to arrive (it answers at once offline), then count.
    await inbox.waitForTimeout(1500);
    const kinds = (
      await suite.call('GET', `/api/v1/conversations/${new URL(inbox.url()).searchParams.get('active')}`, owner.token)
    ).messages.map((m: { sender: { kind: string } }) => m.sender.kind);
    expect(kinds).toEqual(['contact', 'agent', 'staff', 'contact']);

    // Staff react to the question: the visitor sees the reaction live, and after a reload.
    await question.hover();
    await question.getByRole('button', { name: 'React' }).click();
    await question.getByRole('menuitem').first().click();
    const chip = visitor.locator('.msg.out').filter({ hasText: 'Great, how much is it?' }).locator('.rx span');
    await chip.first().waitFor();
    await snap(visitor, 'inbox-visitor-attachment-reaction-390');
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    await visitor.reload();
    await visitor.locator('.msg.out').filter({ hasText: 'Great, how much is it?' }).locator('.rx span').first().waitFor();
    await visitor.locator('.msg.in').filter({ hasText: 'Yes! I am Olive' }).locator('img[alt="smile.png"]').waitFor();
    await snap(inbox, 'inbox-takeover-1280');
    await Promise.all([staffCtx.close(), visitorCtx.close()]);
  });

  it('what the agent did (a booking) shows in the thread as an event, for staff only', async () => {
    const owner = await suite.signUp('book@takeover.test', 'Booking Dental');
    const username = (await suite.call('GET', '/api/v1/account', owner.token)).username as string;
    await suite.call('POST', '/api/v2/campaign', owner.token, {
      targetAccountId: owner.id,
      apps: [
        { appId: 'messages', version: '1' },
        { appId: 'schedule', version: '1' },
      ],
      enabledFunctions: { 'messages:1': ['take_message'], 'schedule:1': ['book_appointment'] },
    });
    await suite.call('POST', '/api/v2/agent/publish', owner.token, { targetAccountId: owner.id });
    const { context, page: inbox } = await suite.page(owner, 390, 844);
    const visitor = await context.browser()!.newPage({ viewport: { width: 390, height: 760 } });
    await visitor.goto(`${suite.server.url}/chat/${username}`);
    await visitor.getByText('Online').waitFor();
    await visitor.getByRole('textbox', { name: 'Message' }).fill('I want to book an appointment tomorrow at 3pm, my name is Ana Diaz');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.locator('.msg.in').filter({ hasText: 'requested an appointment' }).waitFor();
    // The visitor's page shows the agent's words, not the internal event.
    expect(await visitor.getByText('Booked an appointment').count()).toBe(0);

    const items = (await suite.call('GET', `/api/v1/needsPerson?targetAccountId=${owner.id}`, owner.token)).items as {
      roomId: string;
      messageId: number;
    }[];
    expect(items).toHaveLength(1);
    // Home lists it under "needs a person"; a tap opens the conversation with the event in the thread.
    await inbox.goto(`${suite.server.url}/app`);
    const list = inbox.getByTestId('needs-person-list');
    await list.getByText(/Booked an appointment/).waitFor();
    expect(await inbox.getByTestId('needs-person').textContent()).toBe('1');
    // Nothing on the home is wider than the phone.
    expect(await inbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(inbox, 'home-needs-person-390');
    await list.getByRole('link').first().click();
    await expect.poll(() => new URL(inbox.url()).searchParams.get('active')).toBe(items[0]!.roomId);
    const event = inbox.locator('[data-event]');
    await event.waitFor();
    expect(await event.textContent()).toContain('Booked an appointment · name: Ana Diaz · time: tomorrow at 3pm');
    await snap(inbox, 'inbox-agent-action-event-390');
    expect(await seriousAxeViolations(inbox)).toEqual([]);
    // A staff answer there is the follow-up: the item leaves the list.
    await inbox.getByRole('textbox', { name: 'Message' }).fill('See you tomorrow at 3pm, Ana.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await inbox.getByText('See you tomorrow at 3pm, Ana.').last().waitFor();
    await inbox.goto(`${suite.server.url}/app`);
    await inbox.getByTestId('needs-person-list-empty').waitFor();
    await context.close();
  });

  it('a new message that cannot be sent keeps its text and says why', async () => {
    const owner = await suite.signUp('fail@takeover.test', 'Fail Shop');
    const { context, page } = await suite.page(owner, 390, 844);
    await page.goto(`${suite.server.url}/inbox?new=true`);
    await page.getByLabel('To').fill('no-such-user-anywhere');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, your order is ready');
    await page.getByRole('button', { name: 'Send' }).click();
    const alert = page.getByTestId('send-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Unable to start conversation with this user. No one has that username.');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hello, your order is ready');
    await snap(page, 'inbox-failed-send-390');
    await context.close();
  });
});
