import { displayName, type Account, type AccountListItem, type AccountType } from '@switchboard/core';
import { fromJson, isSet } from '../../platform/db/columns.ts';
import type { AccountRow } from './repository.ts';

export function toAccount(row: AccountRow, superAdmin = false): Account {
  const details = fromJson<Record<string, unknown>>(row.details, {});
  const base = {
    accountType: row.account_type as AccountType,
    details,
    name: row.name,
    accountName: row.account_name,
    username: row.username,
  };
  return {
    id: row.id,
    username: row.username,
    accountType: row.account_type as AccountType,
    partnerId: row.partner_id,
    resellerId: row.reseller_id,
    organizationId: row.organization_id,
    email: row.email,
    phoneNumber: row.phone_number,
    phoneNumberVerified: isSet(row.phone_number_verified),
    emailVerified: isSet(row.email_verified),
    timestamp: Number(row.created_at),
    superAdmin,
    tempUser: isSet(row.temp_user),
    disabled: row.disabled_at != null,
    vidaPhoneNumber: row.vida_phone_number,
    vidaPremium: isSet(row.vida_premium),
    smsEnabled: isSet(row.sms_enabled),
    tier1Partner: isSet(row.tier1_partner),
    tier2Partner: isSet(row.tier2_partner),
    tier3Partner: isSet(row.tier3_partner),
    name: row.name,
    accountName: row.account_name,
    displayName: displayName(base),
    profileImage: row.profile_image,
    socialLinks: fromJson(row.social_links, []),
    socialLinksPosition: row.social_links_position === 'top' ? 'top' : 'bottom',
    links: fromJson(row.links, []),
    linksConfig: fromJson(row.links_config, {}),
    settings: fromJson(row.settings, {}),
    details,
  };
}

export function toListItem(row: AccountRow): AccountListItem {
  const details = fromJson<Record<string, unknown>>(row.details, {});
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: row.id,
    username: row.username,
    type: row.account_type as AccountType,
    accountName: row.account_name,
    displayName: displayName({
      accountType: row.account_type,
      details,
      name: row.name,
      accountName: row.account_name,
      username: row.username,
    }),
    orgName: str(details.orgName) ?? (row.account_type === 'organization' ? row.account_name : null),
    resellerName: str(details.resellerName) ?? (row.account_type === 'reseller' ? row.account_name : null),
    organizationId: row.organization_id,
    resellerId: row.reseller_id,
    partnerId: row.partner_id,
    email: row.email,
    subscription:
      row.product_plan_id != null ? { productPlanId: row.product_plan_id, term: row.product_plan_term, canceledAt: row.canceled_at } : null,
    active: row.disabled_at == null,
    timestamp: Number(row.created_at),
    image: row.profile_image ?? str(details.image),
  };
}

/** Case-insensitive "contains" on either database. */
