import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppIdentityFields, AppIdentityResponse, DeviceItem, FormBody } from '@switchboard/core/contracts/device';
import { api, ApiError, getActingAccount } from '../../api/client.ts';
import { mobileContext, userAgent } from '../../shell/mobile.ts';
import { deviceId } from './deviceId.ts';

/**
 * The device feature's calls (the only file here with URL paths): the host's web app manifest, the
 * brand's app identity (`orgApp`, `resellerApp`), devices and Web Push (`mobile`), and forms (`form`).
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** The W3C manifest fields the install overlay shows. */
export interface WebManifest {
  name: string;
  short_name?: string;
  theme_color?: string;
  icons?: { src: string; sizes?: string; type?: string }[];
  related_applications?: { platform: 'itunes' | 'play' | string; url: string; id?: string }[];
}

/** GET /manifest.webmanifest: the app as this host's brand shows it (name, icon, colour, store links). */
export function useWebManifest(accountId: number | null) {
  return useQuery({
    queryKey: ['device', 'manifest', typeof location === 'undefined' ? '' : location.host, accountId],
    queryFn: ({ signal }) => api<WebManifest>('/manifest.webmanifest', { anonymous: true, signal, query: { account: accountId } }),
    staleTime: 60_000,
  });
}

export type AppKind = 'org' | 'reseller';
const APP_PATH: Record<AppKind, string> = { org: '/api/v2/orgApp', reseller: '/api/v2/resellerApp' };

export type AppIdentityAnswer = AppIdentityResponse;

/** The acting account's app identity (`target`: the account the address opens, null for the user's own). */
export function useAppIdentity(kind: AppKind, target: number | null) {
  return useQuery({
    queryKey: ['device', 'app', kind, target ?? 'self'],
    queryFn: ({ signal }) => api<AppIdentityAnswer>(APP_PATH[kind], { target: target ?? false, signal }),
    retry: false,
  });
}

export function useSaveAppIdentity(kind: AppKind, target: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: AppIdentityFields) => api<AppIdentityAnswer>(APP_PATH[kind], { target: target ?? false, body: fields }),
    onSuccess: (r) => {
      qc.setQueryData(['device', 'app', kind, target ?? 'self'], r);
      void qc.invalidateQueries({ queryKey: ['device', 'manifest'] });
    },
  });
}

/** POST /api/v1/mobileCheckIn for this browser (spec §7 User), so it is listed among the devices. */
export function checkIn(): Promise<unknown> {
  const m = mobileContext();
  return api('/api/v1/mobileCheckIn', {
    target: false,
    body: {
      checkIn: {
        deviceId: deviceId(),
        userAgent: userAgent(),
        ...(m.platform ? { platform: m.platform } : {}),
        ...(m.appVersion ? { appVersion: m.appVersion } : {}),
      },
    },
  });
}

/** The signed-in user's devices (checks this one in first). */
export function useDevices() {
  return useQuery({
    queryKey: ['device', 'devices'],
    queryFn: async ({ signal }) => {
      // A failed check-in still lists the devices seen before.
      await checkIn().catch(() => undefined);
      return api<{ devices: DeviceItem[] }>('/api/v1/devices', { target: false, signal });
    },
  });
}

export interface PushConfig {
  publicKey: string;
  accountId: number | null;
  newConversations: boolean;
}

/** The VAPID key and whether the user gets pushes for new conversations of the acting inbox. */
export function usePushConfig(target: number | null) {
  return useQuery({
    queryKey: ['device', 'push', target ?? 'self'],
    queryFn: ({ signal }) => api<PushConfig>('/api/v1/push', { target: target ?? false, signal }),
  });
}

export function useSetPushPreference(target: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api<PushConfig>('/api/v1/push/preferences', { target: target ?? false, body: { newConversations: on } }),
    onSuccess: (r) => qc.setQueryData(['device', 'push', target ?? 'self'], r),
  });
}

/** Stores this browser's push subscription, or (null) removes the device's. */
export function useSavePushSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ device, subscription }: { device: string; subscription: PushSubscriptionJSON | null }) =>
      subscription
        ? api<{ devices: DeviceItem[] }>('/api/v1/push/subscription', { target: false, body: { deviceId: device, subscription } })
        : api<{ devices: DeviceItem[] }>('/api/v1/push/subscription', { method: 'DELETE', target: false, body: { deviceId: device } }),
    onSuccess: (r) => qc.setQueryData(['device', 'devices'], r),
  });
}

/** POST /api/v1/form: a feedback or contact-sales form, delivered where this host's brand says. */
export function useSubmitForm() {
  return useMutation({
    mutationFn: (form: FormBody) => api<{ form: string; deliveredTo: string }>('/api/v1/form', { target: false, body: form }),
  });
}

/** The manifest link of the page: an organization with its own app identity gets its own manifest. */
export function manifestHref(accountId: number | null): string {
  return accountId ? `/manifest.webmanifest?account=${accountId}` : '/manifest.webmanifest';
}

/** The account the address opens (null: the signed-in user's own), for the overlays' calls. */
export const actingAccountId = (): number | null => getActingAccount();

/** A failed call in words, with the field it names (a field's message without its "field: " prefix). */
export function callError(e: unknown): { field: string | null; message: string } | null {
  if (!e) return null;
  if (e instanceof ApiError) return { field: e.field ?? null, message: e.fieldMessage };
  return { field: null, message: (e as Error).message || 'Something went wrong.' };
}
