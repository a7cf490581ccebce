import { describe, expect, it } from 'vitest';
import { browserSuite, openSection, seriousAxeViolations, snap } from './harness.ts';

/** The SIP trunk screen: whitelist, outbound routes and registrations through the UI. */
describe('SIP trunk settings', () => {
  const suite = browserSuite({ SIP_PORT: '0', SIP_PUBLIC_ADDRESS: '127.0.0.1' });

  it('an owner lists a PBX address, adds a route and PBX credentials, sees errors in words, and removes an entry', async () => {
    const org = await suite.signUp('sip@trunk.test', 'Trunk Co');
    const { context, page } = await suite.page(org);
    await page.goto(`${suite.server.url}/app`);
    await openSection(page, 'SIP trunk');
    await page.getByRole('heading', { name: 'SIP trunk', exact: true }).waitFor();
    await page.getByText('No addresses yet').waitFor();
    await page.getByText('No routes yet').waitFor();
    await page.getByText('No registrations yet').waitFor();
    // Where to send calls and what to open in a firewall.
    await page.getByText(/sip:<number>@127\.0\.0\.1:\d+/).waitFor();
    await page.getByText(/SIP \d+ UDP\/TCP, audio \(RTP\) 10000-20000 UDP/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const whitelist = page.getByRole('form', { name: 'Add an address' });
    await whitelist.getByLabel('IP address or CIDR range').fill('300.1.1.1');
    await whitelist.getByRole('button', { name: 'Add address' }).click();
    await whitelist.getByText('must be an IPv4 address or CIDR range').waitFor();
    await whitelist.getByLabel('IP address or CIDR range').fill('203.0.113.0/24');
    await whitelist.getByLabel('Label').fill('Office PBX');
    await whitelist.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('list', { name: 'IP whitelist' }).getByText('203.0.113.0/24').waitFor();

    const route = page.getByRole('form', { name: 'Add a route' });
    await route.getByLabel('Number prefix').fill('+1415');
    await route.getByLabel('Gateway (host or host:port)').fill('sip.provider.example:5080');
    await route.getByLabel('Transport').selectOption('tcp');
    await route.getByLabel('Username (optional)').fill('acme');
    await route.getByLabel('Password (optional, stored encrypted)').fill('gateway-secret');
    await route.getByRole('button', { name: 'Add route' }).click();
    const routes = page.getByRole('list', { name: 'Outbound routes' });
    await routes.getByText('+1415… → sip.provider.example:5080 (TCP)').waitFor();
    await routes.getByText('Signs in as acme with a stored password').waitFor();

    const reg = page.getByRole('form', { name: 'Add a registration' });
    await reg.getByLabel('Who registers').selectOption('pbx');
    await reg.getByLabel('Username').fill('office-pbx');
    await reg.getByLabel('Password').fill('pbx-password-1');
    await reg.getByRole('button', { name: 'Save registration' }).click();
    await page.getByRole('list', { name: 'Registrations' }).getByText('PBX user office-pbx').waitFor();
    await page.getByRole('list', { name: 'Registrations' }).getByText('Not registered').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, 'sip-1280');

    await page.getByRole('button', { name: 'Remove 203.0.113.0/24' }).click();
    await page.getByText('No addresses yet').waitFor();
    await context.close();
  });
});
