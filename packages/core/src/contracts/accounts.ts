import { z } from 'zod';
import { ACCOUNT_TYPES } from '../rules/permissions.ts';
import { countParam, epochMsParam, idParam, pageParams, queryBool, targetParams, tokenParams } from './common.ts';

export const accountDetails = z
  .object({
    name: z.string().max(120).nullish(),
    fullName: z.string().max(120).nullish(),
    accountName: z.string().max(120).nullish(),
    orgName: z.string().max(120).nullish(),
    resellerName: z.string().max(120).nullish(),
    partnerName: z.string().max(120).nullish(),
    agentName: z.string().max(120).nullish(),
    image: z.string().max(2000).nullish(),
  })
  .catchall(z.unknown());

export const socialLink = z.object({
  type: z.string().min(1).max(40),
  url: z.string().min(1).max(2000),
});

export const permissionSet = z.object({
  canViewOrg: z.boolean(),
  canEditOrg: z.boolean(),
  canManageUsers: z.boolean(),
  canInviteUsers: z.boolean(),
  canManageBilling: z.boolean(),
  canDeleteOrg: z.boolean(),
  canViewBilling: z.boolean(),
});

/** The account as the API shows it (spec §3 Account). */
export const account = z.object({
  id: z.number(),
  username: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  partnerId: z.number().nullable(),
  resellerId: z.number().nullable(),
  organizationId: z.number().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  emailVerified: z.boolean(),
  timestamp: z.number(),
  superAdmin: z.boolean(),
  tempUser: z.boolean(),
  disabled: z.boolean(),
  vidaPhoneNumber: z.string().nullable(),
  vidaPremium: z.boolean(),
  smsEnabled: z.boolean(),
  tier1Partner: z.boolean(),
  tier2Partner: z.boolean(),
  tier3Partner: z.boolean(),
  name: z.string().nullable(),
  accountName: z.string().nullable(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  socialLinks: z.array(socialLink),
  socialLinksPosition: z.enum(['top', 'bottom']),
  links: z.array(z.record(z.string(), z.unknown())),
  linksConfig: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  details: accountDetails,
});
export type Account = z.infer<typeof account>;

/** A row in the tree lists (spec §3 List items). */
export const accountListItem = z.object({
  id: z.number(),
  username: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  accountName: z.string().nullable(),
  displayName: z.string(),
  orgName: z.string().nullable(),
  resellerName: z.string().nullable(),
  organizationId: z.number().nullable(),
  resellerId: z.number().nullable(),
  partnerId: z.number().nullable(),
  email: z.string().nullable(),
  subscription: z
    .object({ productPlanId: z.string().nullable(), term: z.string().nullable(), canceledAt: z.number().nullable() })
    .nullable(),
  active: z.boolean(),
  timestamp: z.number(),
  image: z.string().nullable(),
});
export type AccountListItem = z.infer<typeof accountListItem>;

export const listQuery = z.object({
  ...tokenParams,
  ...targetParams,
  ...pageParams,
  active: queryBool.optional().default(true),
  search: z.string().max(120).optional(),
  resellerId: idParam.optional(),
});

const range = (name: string) => ({
  [`${name}Min`]: countParam.optional(),
  [`${name}Max`]: countParam.optional(),
});

/** spec §3 "Organization filter". */
export const organizationFilter = z.object({
  ...tokenParams,
  ...targetParams,
  ...pageParams,
  search: z.string().max(120).optional(),
  ...range('voiceMinutesCurrent'),
  ...range('voiceMinutesPrevious'),
  ...range('voiceMinutesAllTime'),
  ...range('messagesCurrent'),
  ...range('messagesPrevious'),
  ...range('messagesAllTime'),
  onboardingComplete: queryBool.optional(),
  subscribed: queryBool.optional(),
  canceled: queryBool.optional(),
  productPlanId: z.string().optional(),
  productPlanTerm: z.string().optional(),
  billingSubscriptionId: z.string().optional(),
  billingId: z.string().optional(),
  externalAccountId: z.string().optional(),
  createdFrom: epochMsParam.optional(),
  createdTo: epochMsParam.optional(),
  canceledFrom: epochMsParam.optional(),
  canceledTo: epochMsParam.optional(),
  active: queryBool.optional(),
  resellerId: idParam.optional(),
});
export type OrganizationFilter = z.infer<typeof organizationFilter>;

export const listResponse = z.object({
  success: z.literal(true),
  accounts: z.array(accountListItem),
  totalAccounts: z.number(),
});
