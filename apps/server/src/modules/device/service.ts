import { displayName, hostOf, MAIN_BRAND_PROFILE, selfAndAncestors, toAccountRef } from '@switchboard/core';
import type { AppIdentityFields, DeviceItem } from '@switchboard/core/contracts/device';
import type { Deps } from '../../deps.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { findAccount, recentMobileCheckIns, recordAccountEvent, type AccountRow } from '../accounts/index.ts';
import { membershipsOfUser } from '../admins/index.ts';
import { requirePermission, type AuthContext } from '../auth/index.ts';
import { findBrandDomain } from '../brands/index.ts';
import { inboxOf } from '../conversations/index.ts';
import { toAppIdentity, toDevices } from './mappers.ts';
import {
  appIdentityRepository,
  liveSubscriptions,
  pushPreferencesRepository,
  pushSubscriptionsRepository,
  type AppIdentityValues,
} from './repository.ts';
import { checkPushEndpoint, type PushKeys } from './push.ts';

const MAIN_THEME = MAIN_BRAND_PROFILE.settings.colors?.primary ?? '#4f46e5';
/** The product's own icons (apps/web/public/icons), used where a brand has none. */
export const DEFAULT_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/** The app as a host shows it: the brand's identity over its profile, or the main brand's. */
export interface ResolvedApp {
  ownerId: number | null;
  /** The manifest's id and start address (an organization's own app opens its account). */
  appId: string;
  startUrl: string;
  name: string;
  shortName: string;
  icon: string | null;
  themeColor: string;
  iosUrl: string | null;
  androidUrl: string | null;
  feedbackEmail: string | null;
  salesEmail: string | null;
  supportEmail: string | null;
}

export function createDeviceService(deps: Deps, isOwnHost: (host: string) => boolean, keys: () => Promise<PushKeys>) {
  const { db, config } = deps;

  const nameOf = (a: AccountRow) =>
    displayName({
      accountType: a.account_type,
      details: fromJson(a.details, {}),
      name: a.name,
      accountName: a.account_name,
      username: a.username,
    });

  /** What the manifest shows for an account where its identity leaves a field empty. */
  async function defaultsFor(accountId: number, brand?: { name?: string | null; image?: string | null; primary?: string | null }) {
    const account = await findAccount(db, accountId);
    return {
      name: brand?.name || (account ? nameOf(account) : 'App'),
      icon: brand?.image ?? account?.profile_image ?? null,
      themeColor: brand?.primary ?? MAIN_THEME,
    };
  }

  function values(input: AppIdentityFields): AppIdentityValues {
    const v = <T>(x: T | null | undefined) => (x === undefined ? undefined : (x ?? null));
    const out: AppIdentityValues = {
      name: v(input.name),
      short_name: v(input.shortName),
      icon: v(input.icon),
      theme_color: v(input.themeColor?.toLowerCase()),
      ios_url: v(input.iosUrl),
      android_url: v(input.androidUrl),
      feedback_email: v(input.feedbackEmail?.toLowerCase()),
      sales_email: v(input.salesEmail?.toLowerCase()),
    };
    return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as AppIdentityValues;
  }

  /** Whether a user may still see an organization's inbox (its own account, or a grant at or above it). */
  async function canView(userId: number, account: AccountRow): Promise<boolean> {
    const chain = selfAndAncestors(toAccountRef(account));
    if (chain.includes(userId)) return true;
    const grants = await membershipsOfUser(db, userId);
    return grants.some((g) => chain.includes(g.account_id));
  }

  return {
    canView,

    async identity(ctx: AuthContext) {
      const row = await appIdentityRepository.find(db, ctx.acting.id);
      return { success: true as const, identity: toAppIdentity(ctx.acting.id, row), defaults: await defaultsFor(ctx.acting.id) };
    },

    async saveIdentity(ctx: AuthContext, input: AppIdentityFields) {
      requirePermission(ctx, 'canEditOrg');
      const row = await appIdentityRepository.upsert(db, ctx.acting.id, ctx.user.id, values(input));
      await recordAccountEvent(db, ctx.acting.id, ctx.user.id, 'app_identity_updated', {});
      return { success: true as const, identity: toAppIdentity(ctx.acting.id, row), defaults: await defaultsFor(ctx.acting.id) };
    },

    /**
     * The app as a host shows it for an account: the host's brand (a registered domain's owner's
     * identity over its profile, else the main brand), then the account's own identity over that when
     * the account lies inside the brand's tree (an organization's `orgApp`).
     */
    async appFor(rawHost: string, accountId?: number): Promise<ResolvedApp> {
      const base = await this.appForHost(rawHost);
      if (accountId == null || accountId === base.ownerId) return base;
      const account = await findAccount(db, accountId);
      if (!account || (base.ownerId != null && !selfAndAncestors(toAccountRef(account)).includes(base.ownerId))) return base;
      const row = await appIdentityRepository.find(db, accountId);
      if (!row) return base;
      const id = toAppIdentity(accountId, row);
      return {
        ...base,
        ownerId: accountId,
        appId: `/app/org/${accountId}`,
        startUrl: account.account_type === 'organization' ? `/app/org/${accountId}?source=pwa` : base.startUrl,
        name: id.name ?? base.name,
        shortName: id.shortName ?? (id.name ? id.name.slice(0, 12) : base.shortName),
        icon: id.icon ?? base.icon,
        themeColor: id.themeColor ?? base.themeColor,
        iosUrl: id.iosUrl ?? base.iosUrl,
        androidUrl: id.androidUrl ?? base.androidUrl,
        feedbackEmail: id.feedbackEmail ?? base.feedbackEmail,
        salesEmail: id.salesEmail ?? base.salesEmail,
      };
    },

    /** The app a host shows: a registered domain's owner's identity over its brand, else the main brand. */
    async appForHost(rawHost: string): Promise<ResolvedApp> {
      const host = hostOf(rawHost);
      const main: ResolvedApp = {
        ownerId: null,
        appId: '/app',
        startUrl: '/app?source=pwa',
        name: MAIN_BRAND_PROFILE.name,
        shortName: MAIN_BRAND_PROFILE.name.slice(0, 12),
        icon: null,
        themeColor: MAIN_THEME,
        iosUrl: config.APP_STORE_URL ?? null,
        androidUrl: config.PLAY_STORE_URL ?? null,
        feedbackEmail: config.SUPPORT_EMAIL,
        salesEmail: config.SALES_EMAIL ?? config.SUPPORT_EMAIL,
        supportEmail: config.SUPPORT_EMAIL,
      };
      if (isOwnHost(host)) return main;
      const domain = await findBrandDomain(db, host);
      if (!domain) throw notFound('No brand is set up for this domain.');
      const settings = fromJson<{ colors?: { primary?: string }; supportEmail?: string | null }>(domain.settings, {});
      const d = await defaultsFor(domain.account_id, { name: domain.name, image: domain.image, primary: settings.colors?.primary });
      const id = toAppIdentity(domain.account_id, await appIdentityRepository.find(db, domain.account_id));
      const name = id.name ?? d.name;
      const support = settings.supportEmail ?? null;
      return {
        ownerId: domain.account_id,
        appId: '/app',
        startUrl: '/app?source=pwa',
        name,
        shortName: id.shortName ?? name.slice(0, 12),
        icon: id.icon ?? d.icon,
        themeColor: id.themeColor ?? d.themeColor,
        iosUrl: id.iosUrl,
        androidUrl: id.androidUrl,
        feedbackEmail: id.feedbackEmail ?? support,
        salesEmail: id.salesEmail ?? support,
        supportEmail: support,
      };
    },

    /** The W3C web app manifest of an app. */
    manifest(app: ResolvedApp) {
      const related = [
        ...(app.iosUrl ? [{ platform: 'itunes', url: app.iosUrl }] : []),
        ...(app.androidUrl
          ? [{ platform: 'play', url: app.androidUrl, id: new URL(app.androidUrl).searchParams.get('id') ?? undefined }]
          : []),
      ];
      return {
        id: app.appId,
        name: app.name,
        short_name: app.shortName,
        description: `${app.name}: your AI agent's calls, texts and chats, and your inbox.`,
        start_url: app.startUrl,
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: app.themeColor,
        // A brand's icon is one image; the form asks for a square of at least 512 px.
        icons: app.icon ? [{ src: app.icon, sizes: '512x512', purpose: 'any' }] : DEFAULT_ICONS,
        related_applications: related,
        prefer_related_applications: false,
      };
    },

    async devices(ctx: AuthContext): Promise<{ success: true; devices: DeviceItem[] }> {
      const [checkIns, subs] = await Promise.all([
        recentMobileCheckIns(db, ctx.user.id),
        pushSubscriptionsRepository.forUser(db, ctx.user.id).then((s) => liveSubscriptions(db, s)),
      ]);
      return { success: true as const, devices: toDevices(checkIns, subs) };
    },

    async pushConfig(ctx: AuthContext) {
      const inbox = inboxOf(ctx.acting);
      const on = inbox ? await pushPreferencesRepository.get(db, ctx.user.id, inbox.orgId) : false;
      return { success: true as const, publicKey: (await keys()).publicKey, accountId: inbox?.orgId ?? null, newConversations: on };
    },

    async setPreference(ctx: AuthContext, on: boolean) {
      const inbox = inboxOf(ctx.acting);
      if (!inbox)
        throw badRequest('newConversations: Only an organization or agent has an inbox to be notified about.', 'newConversations');
      const org = inbox.orgId === ctx.acting.id ? ctx.acting : await findAccount(db, inbox.orgId);
      // An agent-only grant does not reach its organization's whole inbox.
      if (!org || !(await canView(ctx.user.id, org))) throw forbidden('You do not have access to this organization’s inbox.');
      await pushPreferencesRepository.set(db, ctx.user.id, inbox.orgId, on);
      return this.pushConfig(ctx);
    },

    async subscribe(
      ctx: AuthContext,
      input: { deviceId: string; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } },
    ) {
      await checkPushEndpoint(input.subscription.endpoint, config.PUSH_ALLOW_HOSTS);
      await pushSubscriptionsRepository.save(db, {
        userId: ctx.user.id,
        deviceId: input.deviceId,
        endpoint: input.subscription.endpoint,
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        tokenId: ctx.token.id,
      });
      return this.devices(ctx);
    },

    async unsubscribe(ctx: AuthContext, deviceId: string) {
      const n = await pushSubscriptionsRepository.removeForDevice(db, ctx.user.id, deviceId);
      if (n === 0) throw notFound('That device has no push subscription.');
      return this.devices(ctx);
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
