import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  call as apiCall,
  launchBrowser,
  openSection,
  seriousAxeViolations,
  signedInPage,
  signIn as harnessSignIn,
  signUp as harnessSignUp,
  snap,
  startServer,
  SUPER_ADMIN_EMAIL,
  type RunningServer,
  type Session,
} from './harness.ts';

/** The account screens: the tree by URL, creating accounts, members, profile, tokens, super admin. */
describe('account screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Session;
  let partner: Session;

  const call = (method: string, url: string, token: string | null, body?: unknown) => apiCall(server, method, url, token, body);

  const signUp = (email: string, businessName: string) => harnessSignUp(server, email, businessName);
  const signIn = (email: string) => harnessSignIn(server, email);

  const as = (s: Session, width = 1280, height = 800) => signedInPage(browser, s, width, height);

  const axe = seriousAxeViolations;

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });

  beforeAll(async () => {
    // E2E_WEB_DIST: a private build, so a build running elsewhere cannot pull the files away mid-test.
    [server, browser] = await Promise.all([
      startServer(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      launchBrowser(),
    ]);
    admin = await signUp(SUPER_ADMIN_EMAIL, 'Switchboard HQ');
    await call('POST', '/internal/createPartner', admin.token, { name: 'Acme Partners', email: 'partner@acme.test' });
    partner = await signIn('partner@acme.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a reseller, an organization and an agent, walking down the tree (desktop)', async () => {
    const { context, page } = await as(partner, 1280, 800);
    await page.goto(`${server.url}/app`);
    await heading(page).filter({ hasText: 'Acme Partners' }).waitFor();
    const accounts = page.locator('section', { has: page.getByRole('heading', { name: /^(Accounts|Organizations|Agents)$/ }) });
    await accounts.getByText('No resellers yet').waitFor();
    await snap(page, 'accounts-partner-empty-1280');
    expect(await axe(page)).toEqual([]);

    // A reseller, created through its overlay.
    await accounts.getByRole('button', { name: 'New reseller' }).first().click();
    const create = page.getByRole('dialog', { name: 'New reseller' });
    await create.getByLabel('Reseller name').fill('Northwind Resellers');
    await snap(page, 'accounts-create-reseller-1280');
    expect(await axe(page)).toEqual([]);
    await create.getByRole('button', { name: 'Create reseller' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByText('Reseller created').waitFor();
    await page.mouse.move(0, 0);
    await accounts.getByRole('button', { name: 'Open Northwind Resellers' }).click();
    await page.waitForURL(/\/app\/reseller\/\d+$/);
    const resellerId = Number(new URL(page.url()).pathname.split('/').pop());
    await heading(page).filter({ hasText: 'Northwind Resellers' }).waitFor();

    // An organization under the reseller, then an agent under the organization.
    await accounts.getByRole('button', { name: 'New organization' }).first().click();
    const org = page.getByRole('dialog', { name: 'New organization' });
    await org.getByLabel('Organization name').fill('Bright Dental');
    await org.getByRole('button', { name: 'Create organization' }).click();
    await org.waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    await accounts.getByRole('button', { name: 'Open Bright Dental' }).click();
    await page.waitForURL(new RegExp(`/app/reseller/${resellerId}/org/\\d+$`));
    const orgId = Number(new URL(page.url()).pathname.split('/').pop());
    await heading(page).filter({ hasText: 'Bright Dental' }).waitFor();
    await accounts.getByText('No agents yet').waitFor();
    await accounts.getByRole('button', { name: 'New agent' }).first().click();
    const agent = page.getByRole('dialog', { name: 'New agent' });
    await agent.getByLabel('Agent name').fill('Front Desk');
    await agent.getByRole('button', { name: 'Create agent' }).click();
    await agent.waitFor({ state: 'detached' });
    // The pointer leaves the closed dialog's button: the confirming toast comes up at the bottom centre,
    // under it, and a hovered toast stays (it would cover the row's button for good).
    await page.mouse.move(0, 0);
    await accounts.getByRole('button', { name: 'Open Front Desk' }).click();
    await page.waitForURL(new RegExp(`/app/reseller/${resellerId}/org/${orgId}/agent/\\d+$`));
    await heading(page).filter({ hasText: 'Front Desk' }).waitFor();
    // The account path names each account above, not its type and id.
    const crumbs = page.getByRole('navigation', { name: 'Account path' }).getByRole('listitem');
    await expect.poll(() => crumbs.allTextContents()).toEqual(['Northwind Resellers', '›Bright Dental', '›Front Desk']);
    // The way back names the parent account instead of saying "Back".
    const back = page.getByRole('navigation', { name: 'Account path' }).getByRole('link').first();
    expect((await back.textContent())?.trim()).toBe('Bright Dental');
    await snap(page, 'accounts-agent-1280');

    // Straight to an address of the tree: the organization opens, and remembers the agent last opened.
    await page.goto(`${server.url}/app/reseller/${resellerId}/org/${orgId}`);
    await heading(page).filter({ hasText: 'Bright Dental' }).waitFor();
    await accounts.getByText('Last opened:').waitFor();
    expect(await accounts.getByText('Last opened:').textContent()).toContain('Front Desk');
    const me = await call('GET', '/api/v1/account', partner.token);
    expect(me.settings.lastAccountId[`org:${orgId}`]).toBeGreaterThan(0);
    expect(me.settings.lastAccountId[`reseller:${resellerId}`]).toBe(orgId);
    await snap(page, 'accounts-org-1280');
    expect(await axe(page)).toEqual([]);

    // The preview overlay, opened from the list, by its query key.
    await page.goto(`${server.url}/app/reseller/${resellerId}`);
    await accounts.getByRole('button', { name: 'Preview Bright Dental' }).click();
    const preview = page.getByRole('dialog', { name: 'Organization preview' });
    await preview.getByText('Agents', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('orgPreview')).toBe(String(orgId));
    await preview.getByText('Front Desk').waitFor();
    await snap(page, 'accounts-org-preview-1280');
    await page.goBack();
    await preview.waitFor({ state: 'detached' });
    await context.close();
  });

  it('pages through organizations 20 at a time, searches them, and deletes one after confirming', async () => {
    for (let i = 1; i <= 21; i++) {
      await call('POST', '/api/v2/createOrganization', partner.token, { name: `Clinic ${String(i).padStart(2, '0')}` });
    }
    const { context, page } = await as(partner, 390, 844);
    await page.goto(`${server.url}/app`);
    const accounts = page.locator('section', { has: page.getByRole('heading', { name: /^(Accounts|Organizations|Agents)$/ }) });
    // The tabs answer the arrow keys.
    await accounts.getByRole('tab', { name: 'Resellers' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => accounts.getByRole('tab', { name: 'Organizations' }).getAttribute('aria-selected')).toBe('true');
    await accounts.getByText(/^1–20 of 2\d$/).waitFor();
    const total = Number((await accounts.getByText(/^1–20 of 2\d$/).textContent())!.split(' of ')[1]);
    expect(await accounts.getByRole('list', { name: 'Organizations' }).getByRole('listitem').count()).toBe(20);
    await accounts.getByRole('button', { name: 'Next page' }).click();
    await accounts.getByText(`21–${total} of ${total}`).waitFor();
    await snap(page, 'accounts-orgs-page2-390');

    await accounts.getByRole('searchbox', { name: 'Search organizations' }).fill('Clinic 07');
    await accounts.getByRole('button', { name: 'Open Clinic 07' }).waitFor();
    await expect.poll(() => accounts.getByRole('list', { name: 'Organizations' }).getByRole('listitem').count()).toBe(1);

    await accounts.getByRole('button', { name: 'Delete Clinic 07' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Clinic 07?' });
    await snap(page, 'accounts-delete-confirm-390');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Organization deleted').waitFor();
    await accounts.getByText('No organizations match “Clinic 07”').waitFor();
    expect(await axe(page)).toEqual([]);

    // The organization filter as a form.
    await page.goto(`${server.url}/app?orgSearch=true`);
    const filter = page.getByRole('dialog', { name: 'Find organizations' });
    await filter.getByLabel('Name, username or e-mail').fill('Clinic 1');
    await filter.getByRole('button', { name: 'Search' }).click();
    await filter.getByText('10 organizations found').waitFor();
    await snap(page, 'accounts-org-search-390');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('refuses an address outside the signed-in tree', async () => {
    const stranger = await signUp('stranger@else.test', 'Elsewhere Inc');
    const { context, page } = await as(stranger, 1280, 800);
    const orgs = await call('GET', '/api/v2/listOrganizations', partner.token);
    await page.goto(`${server.url}/app/org/${orgs.accounts[0].id}`);
    await page.getByRole('heading', { name: 'You do not have access to this account' }).waitFor();
    await context.close();
  });

  let owner: Session;
  it('lets an owner invite a member (phone)', async () => {
    owner = await signUp('olive@bright.test', 'Bright Smiles');
    const { context, page } = await as(owner, 390, 844);
    await page.goto(`${server.url}/app`);
    await heading(page).filter({ hasText: 'Bright Smiles' }).waitFor();
    await snap(page, 'accounts-owner-390');
    expect(await axe(page)).toEqual([]);

    // Members: invite someone as an owner, from Settings.
    await openSection(page, 'Settings');
    await page.getByRole('button', { name: /^Members/ }).click();
    const members = page.getByRole('dialog', { name: 'Members' });
    await members.getByText('olive@bright.test').waitFor();
    await members.getByRole('button', { name: 'Invite member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a member' });
    await invite.getByLabel('E-mail').fill('sam@bright.test');
    await invite.getByLabel('Make them an owner').check();
    await snap(page, 'accounts-invite-390');
    expect(await axe(page)).toEqual([]);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to sam@bright.test').waitFor();
    // Back on the member list, the invited owner is there.
    await page.goto(`${server.url}/app?members=true`);
    await members.getByText('sam@bright.test').waitFor();
    expect(await members.getByRole('listitem').filter({ hasText: 'sam@bright.test' }).getByText('Owner').count()).toBe(1);
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox?to=sam%40bright.test`)).json()) as { messages: { body: string }[] };
    expect(outbox.messages[0]!.body).toContain('oneTimeToken=');
    await snap(page, 'accounts-members-390');
    await context.close();
  });

  it('edits the profile: names, username, social links, picture, e-mail and phone with codes (phone)', async () => {
    const { context, page } = await as(owner, 390, 844);
    // Profile: account name, username, social links, picture, e-mail with its code.
    await page.goto(`${server.url}/app?editProfile=true`);
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: /Edit account name/ }).click();
    const name = page.getByRole('dialog', { name: 'Account name' });
    await name.getByLabel('Account name').fill('Bright Smiles Dental');
    await name.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account name saved').waitFor();
    // The page behind the overlay shows the new name at once.
    await page.locator('h1').filter({ hasText: 'Bright Smiles Dental' }).waitFor();
    await snap(page, 'accounts-profile-390');

    await page.goto(`${server.url}/app/settings?editSlug=true`);
    const slug = page.getByRole('dialog', { name: 'Username' });
    await slug.getByLabel('Username').fill('Bad Name!');
    await slug.getByRole('button', { name: 'Save' }).click();
    await slug.getByText('Use 3 to 32 lowercase letters, digits and single hyphens.').waitFor();
    await slug.getByLabel('Username').fill('bright-smiles');
    await slug.getByRole('button', { name: 'Save' }).click();
    await slug.waitFor({ state: 'detached' });
    await page.locator('[data-field="Username"]').filter({ hasText: 'bright-smiles' }).waitFor();

    await page.goto(`${server.url}/app?editSocial=true`);
    const social = page.getByRole('dialog', { name: 'Social links' });
    await social.getByRole('button', { name: 'Add link' }).click();
    await social.getByLabel('Link 1 address').fill('https://bright.test');
    await social.getByLabel('At the top, under the name').check();
    await snap(page, 'accounts-social-390');
    await social.getByRole('button', { name: 'Save links' }).click();
    await page.getByText('Social links saved').waitFor();

    await page.goto(`${server.url}/app?editAvatar=true`);
    const avatar = page.getByRole('dialog', { name: 'Profile picture' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAFhAJ/wlseKgAAAABJRU5ErkJggg==', 'base64');
    await avatar.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await avatar.getByText('me.png').waitFor();
    await snap(page, 'accounts-avatar-preview-390');
    await avatar.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Picture saved').waitFor();

    await page.goto(`${server.url}/app?editEmail=true`);
    const email = page.getByRole('dialog', { name: 'E-mail address' });
    await email.getByLabel('E-mail address').fill('olive.new@bright.test');
    await email.getByRole('button', { name: 'Send code' }).click();
    const codeStep = page.getByRole('dialog', { name: 'Enter the code' });
    await codeStep.getByLabel('Code').fill(await server.code('olive.new@bright.test'));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('E-mail address verified').waitFor();

    await page.goto(`${server.url}/app?editPhone=true`);
    const phone = page.getByRole('dialog', { name: 'Phone number' });
    await phone.getByLabel('Phone number').fill('+1 415 734 0199');
    await phone.getByRole('button', { name: 'Send code' }).click();
    await codeStep.getByLabel('Code').fill(await server.code('+14157340199'));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Phone number verified').waitFor();

    await page.goto(`${server.url}/app?editFullName=true`);
    const fullName = page.getByRole('dialog', { name: 'Full name' });
    await fullName.getByLabel('Full name').fill('Olive Q. Owner');
    await fullName.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name saved').waitFor();

    const me = await call('GET', '/api/v1/account', owner.token);
    expect(me).toMatchObject({ phoneNumber: '+14157340199', phoneNumberVerified: true, details: { fullName: 'Olive Q. Owner' } });
    expect(me).toMatchObject({
      displayName: 'Bright Smiles Dental',
      username: 'bright-smiles',
      email: 'olive.new@bright.test',
      socialLinks: [{ type: 'website', url: 'https://bright.test/' }],
      socialLinksPosition: 'top',
    });
    expect(me.profileImage).toMatch(/^\/files\//);
    await context.close();
  });

  it('creates an API token shown once with a copy button, and revokes it (phone)', async () => {
    const { context, page } = await as(owner, 390, 844);
    // API tokens: the value is shown once, with a copy button; revoking removes it.
    await page.goto(`${server.url}/app/settings`);
    const tokens = page.locator('section', { has: page.getByRole('heading', { name: 'API tokens' }) });
    await tokens.getByText('No API tokens').waitFor();
    await tokens.getByRole('button', { name: 'New token' }).click();
    await page.getByLabel('What is it for?').fill('CRM sync');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    const value = await shown.getByTestId('new-token').textContent();
    expect(value!.length).toBeGreaterThan(20);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await snap(page, 'accounts-token-once-390');
    expect((await fetch(`${server.url}/api/v1/account?token=${value}`)).status).toBe(200);
    await shown.getByRole('button', { name: 'Done' }).click();
    await tokens.getByText('CRM sync').waitFor();
    expect(await page.getByText(value!).count()).toBe(0);
    await tokens.getByRole('button', { name: 'Revoke CRM sync' }).click();
    await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click();
    await tokens.getByText('No API tokens').waitFor();
    expect((await fetch(`${server.url}/api/v1/account?token=${value}`)).status).toBe(401);
    await context.close();
  });

  it('deletes the open agent from its details, then shows its organization (phone)', async () => {
    const agent = await call('POST', '/api/v2/createAccount', owner.token, { accountName: 'Temp Agent' });
    const { context, page } = await as(owner, 390, 844);
    await page.goto(`${server.url}/app/agent/${agent.id}?agentInfo=${agent.id}`);
    const info = page.getByRole('dialog', { name: 'Agent details' });
    await info.getByText('Temp Agent').first().waitFor();
    expect(await axe(page)).toEqual([]);
    await info.getByRole('button', { name: 'Delete agent' }).click();
    const del = page.getByRole('dialog', { name: 'Delete agent' });
    await del.getByText('This cannot be undone.', { exact: false }).waitFor();
    await snap(page, 'accounts-delete-agent-390');
    await del.getByRole('button', { name: 'Delete agent' }).click();
    await page.getByText('Temp Agent deleted').waitFor();
    await page.waitForURL(`${server.url}/app`);
    await heading(page).filter({ hasText: 'Bright Smiles Dental' }).waitFor();
    const list = await call('GET', '/api/v2/listAccounts', owner.token);
    expect(list.accounts.map((a: { id: number }) => a.id)).not.toContain(agent.id);
    await context.close();
  });

  it('shows a member without the owner flag only what spec §6 lets them press', async () => {
    const owner = await signUp('owner@perm.test', 'Permission Dental');
    await call('POST', '/api/v2/createAccount', owner.token, { accountName: 'Night Line' });
    await call('POST', '/api/v2/inviteAdminUser', owner.token, { email: 'max@perm.test', isOwner: false });
    const member = await signIn('max@perm.test');
    const { context, page } = await as(member, 390, 844);
    await page.goto(`${server.url}/app`);
    await heading(page).filter({ hasText: 'Permission Dental' }).waitFor();
    const agents = page.locator('section', { has: page.getByRole('heading', { name: 'Agents' }) });
    await agents.getByRole('button', { name: 'Open Night Line' }).waitFor();
    // Edit and invite: yes. Delete and owner rights: no.
    expect(await agents.getByRole('button', { name: 'New agent' }).count()).toBeGreaterThan(0);
    expect(await agents.getByRole('button', { name: 'Delete Night Line' }).count()).toBe(0);
    await page.goto(`${server.url}/app?memberInvite=true`);
    const invite = page.getByRole('dialog', { name: 'Invite a member' });
    await invite.getByText('Only owners can invite owners.').waitFor();
    expect(await invite.getByLabel('Make them an owner').isDisabled()).toBe(true);
    await page.goto(`${server.url}/app?members=true`);
    const members = page.getByRole('dialog', { name: 'Members' });
    await members.getByText('owner@perm.test').waitFor();
    // Managing users is theirs (spec §6), but the account holder cannot be removed.
    await members.getByRole('button', { name: 'Leave Permission Dental' }).waitFor();
    expect(await members.getByRole('button', { name: 'Remove Olive Owner' }).count()).toBe(0);
    await snap(page, 'accounts-member-view-390');

    // Invited to a second organization, they switch between the two from "Your accounts".
    const second = await signUp('owner@perm2.test', 'Second Smile');
    await call('POST', '/api/v2/inviteAdminUser', second.token, { email: 'max@perm.test', isOwner: false });
    await page.goto(`${server.url}/app`);
    // The switcher sits at the top of the navigation.
    const switcher = page.getByRole('button', { name: /Switch account/ }).filter({ visible: true });
    const yours = page.getByRole('navigation', { name: 'Your accounts' });
    await switcher.click();
    await yours.getByRole('link', { name: /Second Smile/ }).click();
    await page.waitForURL(`${server.url}/app/org/${second.id}`);
    await heading(page).filter({ hasText: 'Second Smile' }).waitFor();
    expect(await switcher.textContent()).toContain('Second Smile');
    await switcher.click();
    expect(await yours.getByRole('link', { name: /Second Smile/ }).getAttribute('aria-current')).toBe('page');
    await snap(page, 'accounts-switcher-390');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('lets a super admin disable and enable an account with the spec’s messages', async () => {
    const target = await signUp('owner@disable.test', 'Disable Me Co');
    const { context, page } = await as(admin, 1280, 800);
    await page.goto(`${server.url}/app`);
    const console = page.locator('section', { has: page.getByRole('heading', { name: 'Super admin' }) });
    await console.getByRole('searchbox', { name: 'Search all accounts' }).fill('disable.test');
    await console.getByRole('button', { name: 'Search' }).click();
    const row = console.getByRole('listitem').filter({ hasText: 'Disable Me Co' });
    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Disable Me Co?' });
    await dialog.getByLabel('Reason').fill('Unpaid invoices');
    await dialog.getByLabel('Details (optional)').fill('Ticket 4411');
    await snap(page, 'accounts-admin-disable-1280');
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await page.getByText('Organization disabled!').waitFor();
    await row.getByText('Reason: Unpaid invoices').waitFor();
    expect((await fetch(`${server.url}/api/v1/account?token=${target.token}`)).status).toBe(401);
    await snap(page, 'accounts-admin-disabled-1280');

    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog', { name: 'Enable Disable Me Co?' }).getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Account enabled!').waitFor();
    await row.getByText('Active').waitFor();
    expect((await fetch(`${server.url}/api/v1/account?token=${target.token}`)).status).toBe(200);
    await context.close();
  });

  it('lets a super admin make a partner from Home, whose owner then signs in to the console', async () => {
    const { context, page } = await as(admin, 390, 844);
    await page.goto(`${server.url}/app`);
    const form = page.getByRole('form', { name: 'New partner' });
    await form.getByLabel('Partner name').fill('Harbor Partners');
    await form.getByLabel('Owner’s e-mail').fill('owner@harbor-partners.test');
    await snap(page, 'accounts-admin-new-partner-390');
    await form.getByRole('button', { name: 'Create partner' }).click();
    await page.getByText('Partner Harbor Partners created').waitFor();
    await context.close();
    const partner = await signIn('owner@harbor-partners.test');
    expect(partner.accountType).toBe('partner');
  });

  it('signs a reseller’s invited owner in from the e-mail link to the reseller’s own console (phone)', async () => {
    await call('POST', '/api/v2/createReseller', partner.token, { name: 'Harbor Resellers', email: 'owner@harbor.test' });
    const mail = (await (await fetch(`${server.url}/api/dev/outbox?to=owner%40harbor.test`)).json()) as { messages: { body: string }[] };
    const link = mail.messages[0]!.body.match(/https?:\/\/\S+oneTimeToken=\S+/)![0]!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
    await heading(page).filter({ hasText: 'Harbor Resellers' }).waitFor();
    const orgs = page.locator('section', { has: page.getByRole('heading', { name: 'Organizations' }) });
    await orgs.getByText('No organizations yet').waitFor();
    await orgs.getByRole('button', { name: 'New organization' }).first().click();
    const create = page.getByRole('dialog', { name: 'New organization' });
    // Under a reseller there is no reseller to pick: it goes below this one.
    await create.getByText('It is created under Harbor Resellers.').waitFor();
    expect(await create.getByLabel('Reseller').count()).toBe(0);
    await create.getByLabel('Organization name').fill('Harbor Dental');
    await create.getByRole('button', { name: 'Create organization' }).click();
    await orgs.getByRole('button', { name: 'Open Harbor Dental' }).waitFor();
    // The console's navigation has the brand section.
    await openSection(page, 'Brand');
    await page.getByRole('heading', { name: 'Brand and domains' }).waitFor();
    await snap(page, 'accounts-reseller-390');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('lets a partner set up its brand on a domain', async () => {
    const { context, page } = await as(partner, 1280, 800);
    await page.goto(`${server.url}/app/brand`);
    // A partner's console has its own sections, from the same list.
    const sections = page.getByRole('navigation', { name: 'Sections' }).filter({ visible: true });
    await expect
      .poll(() => sections.getByRole('link').allTextContents())
      .toEqual(['Home', 'Organizations', 'Resellers', 'Reports', 'Billing', 'Brand', 'Settings']);
    expect(await sections.getByRole('link', { name: 'Brand' }).getAttribute('aria-current')).toBe('page');
    const brand = page.locator('section', { has: page.getByRole('heading', { name: 'Brand and domains' }) });
    await brand.getByText('No domains yet').waitFor();
    await brand.getByRole('button', { name: 'Add domain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a domain' });
    await dialog.getByLabel('Domain').fill('not a domain');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await dialog.getByText('Please enter a valid domain name, like app.yourbrand.com.').waitFor();
    await dialog.getByLabel('Domain').fill('https://App.Acme.test/');
    await dialog.getByLabel('Brand name').fill('Acme Voice');
    await dialog.getByLabel('Support page').fill('https://help.acme.test');
    await snap(page, 'accounts-brand-dialog-1280');
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Domain added').waitFor();
    await brand.getByText('app.acme.test').waitFor();
    await brand.getByText('Default').waitFor();
    const profile = await call('GET', '/api/v1/domain/profile?host=app.acme.test', null);
    expect(profile.profile).toMatchObject({ name: 'Acme Voice', settings: { supportUrl: 'https://help.acme.test' } });
    await snap(page, 'accounts-brand-1280');
    await context.close();
  });
});
