import { z } from 'zod';
import { idParam, targetParams, tokenParams } from './common.ts';

/** Spec §3 SIP: IP whitelist entries (ip, label), outbound routes, registrations. */

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
/** An IPv4 address or CIDR range (`203.0.113.7`, `203.0.113.0/24`). */
export const ipOrCidr = z
  .string()
  .trim()
  .refine((v) => {
    const [ip, bits, more] = v.split('/');
    if (more !== undefined || !IPV4.test(ip ?? '')) return false;
    return bits === undefined || (/^\d{1,2}$/.test(bits) && Number(bits) <= 32);
  }, 'must be an IPv4 address or CIDR range such as 203.0.113.0/24');

/** `host` or `host:port` of a SIP gateway or provider. */
export const sipHost = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, 'must be a host name or address, optionally with :port');

export const SIP_TRANSPORTS = ['udp', 'tcp'] as const;
export const sipTransport = z.enum(SIP_TRANSPORTS);

const label = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .refine((s) => !s.includes('\0'), 'must not contain NUL');

export const sipWhitelistEntry = z.object({ id: z.number(), ip: z.string(), label: z.string(), createdAt: z.number() });
export type SipWhitelistEntry = z.infer<typeof sipWhitelistEntry>;
export const sipWhitelistBody = z.looseObject({ ...tokenParams, ...targetParams, ip: ipOrCidr, label: label.default('') });
export const sipWhitelistResponse = z.object({ success: z.literal(true), ipWhitelist: z.array(sipWhitelistEntry) });
export const sipWhitelistEntryResponse = z.object({ success: z.literal(true), entry: sipWhitelistEntry });

export const sipRoute = z.object({
  id: z.number(),
  prefix: z.string(),
  gateway: z.string(),
  transport: sipTransport,
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.number(),
});
export type SipRoute = z.infer<typeof sipRoute>;
const sipRouteFields = {
  /** Dialled numbers starting with this (E.164 digits with an optional +; empty: every number). */
  prefix: z
    .string()
    .trim()
    .regex(/^\+?\d{0,15}$/, 'must be digits with an optional leading +'),
  gateway: sipHost,
  transport: sipTransport.default('udp'),
  username: z.string().trim().max(100).optional(),
  password: z.string().max(200).optional(),
};
/** The fields at the top level, or wrapped as the spec's `{route: {...}}` (then read from inside it). */
export const sipRouteBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const { route, ...rest } = v as Record<string, unknown>;
    return route && typeof route === 'object' && !Array.isArray(route) ? { ...rest, ...route } : v;
  },
  z.looseObject({
    ...tokenParams,
    ...targetParams,
    ...sipRouteFields,
    /** The spec's name: the route's fields wrapped in one object. */
    route: z.strictObject(sipRouteFields).optional(),
  }),
);
export const sipRoutesResponse = z.object({ success: z.literal(true), outboundRoutes: z.array(sipRoute) });
export const sipRouteResponse = z.object({ success: z.literal(true), route: sipRoute });

export const SIP_REGISTRATION_KINDS = ['provider', 'pbx'] as const;
export const SIP_REGISTRATION_STATES = ['registering', 'registered', 'failed', 'unregistered'] as const;
export const sipRegistration = z.object({
  id: z.number(),
  /** provider: we register to their SIP provider; pbx: their PBX registers to us with these credentials. */
  kind: z.enum(SIP_REGISTRATION_KINDS),
  server: z.string().nullable(),
  transport: sipTransport,
  domain: z.string().nullable(),
  username: z.string(),
  expires: z.number(),
  state: z.enum(SIP_REGISTRATION_STATES),
  error: z.string().nullable(),
  /** When the live registration (ours at the provider, or the PBX's binding with us) runs out. */
  expiresAt: z.number().nullable(),
  /** The PBX's registered contact. */
  contact: z.string().nullable(),
  updatedAt: z.number(),
});
export type SipRegistration = z.infer<typeof sipRegistration>;
export const sipRegistrationBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  kind: z.enum(SIP_REGISTRATION_KINDS).default('provider'),
  server: sipHost.optional(),
  transport: sipTransport.default('udp'),
  domain: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a domain name or address')
    .optional(),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._+-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ + -'),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
  expires: z.coerce.number().int().min(60).max(3600).default(600),
});
export const sipEndpointInfo = z.object({
  enabled: z.boolean(),
  address: z.string().nullable(),
  port: z.number().nullable(),
  transports: z.array(sipTransport),
  realm: z.string(),
  rtpPorts: z.string(),
});
export type SipEndpointInfo = z.infer<typeof sipEndpointInfo>;
export const sipRegistrationsResponse = z.object({
  success: z.literal(true),
  registrations: z.array(sipRegistration),
  endpoint: sipEndpointInfo,
});
export const sipRegistrationResponse = z.object({ success: z.literal(true), registration: sipRegistration });
export const sipDeleteBody = z.looseObject({ id: idParam.optional() }).nullish();
