import { describe, expect, it } from 'vitest';
import { call, openSection, seriousAxeViolations, signUp, snap, type Json, type Session } from './harness.ts';
import { callSuite, hasProgram } from './voice.ts';

/**
 * A caller rings the organization from the phone simulator with the browser's
 * microphone (Chromium's fake device plays an espeak-ng WAV); staff watch the call live in the app,
 * take it over and hang up; the call then sits in the caller's inbox conversation.
 */
describe.skipIf(!hasProgram('espeak-ng') || !hasProgram('sox'))(
  'calls: phone simulator call, live view, takeover (needs espeak-ng and sox)',
  () => {
    const suite = callSuite('Hello. Are you open on Sunday?', [4, 20]);

    it('calls from the phone simulator; staff watch, take over and hang up; the call joins the inbox conversation', async () => {
      const { server, browser } = suite;
      const owner: Session = await signUp(server, 'owner@livecall.test', 'Live Call Bakery');
      const { number } = await call(server, 'POST', '/api/v2/phoneNumber/assign', owner.token, { targetAccountId: owner.id });

      const phoneContext = await browser.newContext({ viewport: { width: 420, height: 900 }, permissions: ['microphone'] });
      const phone = await phoneContext.newPage();
      await phone.goto(`${server.url}/dev/phone?to=${encodeURIComponent(number)}`);
      await phone.locator('#me').fill('+12065550321');
      await phone.getByRole('button', { name: 'Call', exact: true }).click();
      await phone
        .getByRole('status')
        .getByText(/On the call with/)
        .waitFor({ timeout: 15_000 });
      expect(await phone.getByRole('button', { name: 'Key 5' }).isEnabled()).toBe(true);
      await phone.getByRole('button', { name: 'Key 5' }).click();
      await snap(phone, 'phone-simulator-calling');

      const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
      await staffContext.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('id', String(s.id));
        localStorage.setItem('user', JSON.stringify(s));
      }, owner);
      const staff = await staffContext.newPage();
      await staff.goto(`${server.url}/app`);
      await openSection(staff, 'Calls');
      const row = staff.getByTestId('call-row').filter({ hasText: 'Live' }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.locator('summary').click();
      await row.getByRole('button', { name: 'Watch live' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Live call' });
      await dialog.getByRole('status').getByText('Listening in').waitFor({ timeout: 15_000 });
      await dialog.getByText('Agent:').first().waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(staff)).toEqual([]);
      await snap(staff, 'calls-live-view');

      await dialog.getByRole('button', { name: 'Take over' }).click();
      await dialog
        .getByRole('status')
        .getByText(/You have taken over/)
        .waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Hang up' }).click();
      await dialog.getByRole('status').getByText('The call has ended').waitFor({ timeout: 15_000 });
      await phone.getByRole('status').getByText('Call ended').waitFor({ timeout: 15_000 });

      // The call in the caller's conversation: its start and its end with the recording.
      // The recording is stored as the call ends: read the call once it is.
      let done: Json = {};
      await expect
        .poll(
          async () =>
            (done = (await call(server, 'GET', `/api/v1/calls?targetAccountId=${owner.id}`, owner.token)).calls[0]).recording ?? null,
          { timeout: 15_000 },
        )
        .not.toBeNull();
      expect(done).toMatchObject({ status: 'completed', endReason: 'hung up by staff', from: '+12065550321' });
      expect(done.recording).not.toBeNull();
      await staff.goto(`${server.url}/app/inbox?active=${done.roomId}`);
      await staff.getByText('Incoming call from +12065550321').waitFor({ timeout: 15_000 });
      await staff.getByLabel('Call recording').first().waitFor();
      await snap(staff, 'inbox-call-entry');

      // Calling the contact back from the conversation: the agent places the call and staff watch it live.
      await staff.getByRole('button', { name: 'Call', exact: true }).click();
      const back = staff.getByRole('dialog', { name: /^Call / });
      await back.getByRole('button', { name: 'Call now' }).click();
      await back.getByRole('status').getByText('Listening in').waitFor({ timeout: 15_000 });
      await back.getByText('Agent:').first().waitFor({ timeout: 30_000 });
      await snap(staff, 'inbox-call-overlay');
      // The simulated callee listens and hangs up once the agent has been quiet for 0.8 s.
      await back.getByRole('status').getByText('The call has ended').waitFor({ timeout: 15_000 });
      const outbound = (await call(server, 'GET', `/api/v1/calls?targetAccountId=${owner.id}&direction=outbound`, owner.token)).calls;
      expect(outbound[0]).toMatchObject({ to: '+12065550321', roomId: done.roomId });
    }, 150_000);
  },
);
