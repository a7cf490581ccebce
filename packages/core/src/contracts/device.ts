import { z } from 'zod';
import { targetParams, tokenParams } from './common.ts';

/**
 * The app on a device (overlays `install`, `mobile`, `orgApp`, `resellerApp`, `form`): a
 * brand's app identity served in its web app manifest, the signed-in user's devices (from the
 * check-ins), Web Push for new conversations, and the forms delivered to where the brand says.
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a73e8.');

function webUrl(hosts: string[] | null, message: string) {
  return z
    .string()
    .trim()
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        if (u.protocol !== 'https:') return false;
        return hosts == null || hosts.includes(u.hostname.toLowerCase());
      } catch {
        return false;
      }
    }, message);
}

/** Where the App Store and Google Play keep their listings. */
export const APP_STORE_HOSTS = ['apps.apple.com', 'itunes.apple.com'];
export const PLAY_STORE_HOSTS = ['play.google.com'];

/** An uploaded file (/files/...) or an https address. */
const iconRef = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => /^\/files\/[\w.-]+$/.test(v) || /^https:\/\/[^\s]+$/i.test(v),
    'Use an uploaded image or a web address starting with https://',
  );

/** A brand's app identity: what the installed app is called and looks like, and where its forms go. */
export const appIdentityFields = z.object({
  name: z.string().trim().min(1, 'Please enter the app’s name.').max(45, 'Keep the name to 45 characters.').nullish(),
  shortName: z.string().trim().min(1).max(12, 'Keep the short name to 12 characters (it sits under the icon).').nullish(),
  icon: iconRef.nullish(),
  themeColor: hexColor.nullish(),
  iosUrl: webUrl(APP_STORE_HOSTS, 'Use the App Store address of the app (https://apps.apple.com/...).').nullish(),
  androidUrl: webUrl(
    PLAY_STORE_HOSTS,
    'Use the Google Play address of the app (https://play.google.com/store/apps/details?id=...).',
  ).nullish(),
  feedbackEmail: z.email('Please enter a valid e-mail address.').nullish(),
  salesEmail: z.email('Please enter a valid e-mail address.').nullish(),
});
export type AppIdentityFields = z.infer<typeof appIdentityFields>;

export const appIdentity = z.object({
  accountId: z.number(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  icon: z.string().nullable(),
  themeColor: z.string().nullable(),
  iosUrl: z.string().nullable(),
  androidUrl: z.string().nullable(),
  feedbackEmail: z.string().nullable(),
  salesEmail: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type AppIdentity = z.infer<typeof appIdentity>;

export const appIdentityQuery = z.looseObject({ ...tokenParams, ...targetParams });
export const appIdentityBody = z.looseObject({ ...tokenParams, ...targetParams, ...appIdentityFields.shape });
export const appIdentityResponse = z.object({
  success: z.literal(true),
  identity: appIdentity,
  /** What the manifest shows where the identity leaves a field empty (the brand's or account's own). */
  defaults: z.object({ name: z.string(), icon: z.string().nullable(), themeColor: z.string() }),
});
export type AppIdentityResponse = z.infer<typeof appIdentityResponse>;

/** One device of the signed-in user, from its check-ins. */
export const deviceItem = z.object({
  deviceId: z.string(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  userAgent: z.string().nullable(),
  lastSeen: z.number(),
  checkIns: z.number(),
  push: z.boolean(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

export const devicesResponse = z.object({ success: z.literal(true), devices: z.array(deviceItem) });

export const pushConfigQuery = z.looseObject({ ...tokenParams, ...targetParams });
export const pushConfigResponse = z.object({
  success: z.literal(true),
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: z.string(),
  /** The acting organization whose new conversations the switch is about (null: no inbox here). */
  accountId: z.number().nullable(),
  newConversations: z.boolean(),
});

export const deviceIdField = z
  .string()
  .trim()
  .regex(/^[\w-]{8,64}$/, 'A device id is 8 to 64 letters, digits, - or _.');

export const pushSubscriptionBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  deviceId: deviceIdField,
  subscription: z.object({
    endpoint: z.string().max(2000),
    expirationTime: z.number().nullish(),
    keys: z.object({
      p256dh: z.string().regex(/^[\w-]{80,100}=*$/, 'Not a P-256 public key (base64url).'),
      auth: z.string().regex(/^[\w-]{16,32}=*$/, 'Not a push auth secret (base64url).'),
    }),
  }),
});
export const pushUnsubscribeBody = z.looseObject({ ...tokenParams, ...targetParams, deviceId: deviceIdField });
export const pushPreferenceBody = z.looseObject({ ...tokenParams, ...targetParams, newConversations: z.boolean() });

/** Forms beyond get-support (spec §2 `form` overlay values). */
export const FORM_KINDS = ['feedback', 'contact-sales'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const feedbackForm = z.object({
  form: z.literal('feedback'),
  rating: z.number().int().min(1, 'Pick 1 to 5.').max(5, 'Pick 1 to 5.').nullish(),
  message: z.string().trim().min(1, 'Please write your feedback.').max(5000, 'Keep it under 5,000 characters.'),
  email: z.email('Please enter a valid e-mail address.').nullish(),
  page: z.string().max(200).nullish(),
});
export const contactSalesForm = z.object({
  form: z.literal('contact-sales'),
  name: z.string().trim().min(1, 'Please enter your name.').max(120),
  email: z.email('Please enter a valid e-mail address.'),
  company: z.string().trim().max(160).nullish(),
  phone: z.string().trim().max(40).nullish(),
  teamSize: z.enum(['1-10', '11-50', '51-200', '201+']).nullish(),
  message: z.string().trim().min(1, 'Please say what you are looking for.').max(5000, 'Keep it under 5,000 characters.'),
});
export const formBody = z.discriminatedUnion('form', [feedbackForm, contactSalesForm]);
export type FormBody = z.infer<typeof formBody>;
export const formResponse = z.object({ success: z.literal(true), form: z.enum(FORM_KINDS), deliveredTo: z.string() });
