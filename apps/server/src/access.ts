import type { Db } from './db.ts';
import { resellersInReach } from './modules/accounts/index.ts';
import type { AuthContext } from './modules/auth/index.ts';
import { callsInReach } from './modules/calls/index.ts';
import { contactsInReach } from './modules/contacts/index.ts';
import { messagesInReach, ownerOrThrow, roomsInReach } from './modules/conversations/index.ts';
import { agentsInReach, campaignsInReach } from './modules/stats/index.ts';
import { templatesInReach } from './modules/templates/index.ts';
import { accessTable, type AccessRule } from './platform/access/index.ts';

/**
 * The one access table: each permission a service asks for, with the role it needs and the scoped
 * lookup that says which ids the caller reaches. Services call `deps.requireAccess(ctx, permission, ids)`
 * first thing. (The acting account itself is checked against the caller's tree for every request by
 * the auth hook; these are the checks on what a request names beyond it.) It is built here, beside the
 * composition root, because its lookups come from modules and the platform may not import them.
 */
function accessRules(db: Db) {
  return {
    canViewOrg: { role: 'canViewOrg' },
    canEditOrg: { role: 'canEditOrg' },
    canManageUsers: { role: 'canManageUsers' },
    canInviteUsers: { role: 'canInviteUsers' },
    canDeleteOrg: { role: 'canDeleteOrg' },
    canViewBilling: { role: 'canViewBilling' },
    canManageBilling: { role: 'canManageBilling' },
    /** A conversation the caller takes part in, as staff or as its visitor. */
    'room.member': { lookup: (ctx, ids) => roomsInReach(db, ctx, ids), missing: 'Conversation not found.' },
    /** A conversation of the caller's inbox (staff only). */
    'room.staff': { lookup: (ctx, ids) => roomsInReach(db, ctx, ids, 'staff'), missing: 'Conversation not found.' },
    /** A message of a conversation the caller takes part in (reactions). */
    'message.member': { lookup: (ctx, ids) => messagesInReach(db, ctx, ids), missing: 'Message not found.' },
    /** The inbox of the acting organization or agent, as its staff (no role asked: the account's members all read its inbox). */
    inbox: { guard: (ctx) => void ownerOrThrow(ctx) },
    /** A call of the acting organization (or agent). */
    call: { lookup: (ctx, ids) => callsInReach(db, ctx, ids), missing: 'Call not found.' },
    /** An agent inside the acting account's reports (usage, logs). */
    'stats.agent': { role: 'canViewOrg', lookup: (ctx, ids) => agentsInReach(db, ctx, ids), missing: 'Agent not found.' },
    /** A campaign of an agent inside the acting account's reports. */
    'stats.campaign': { role: 'canViewOrg', lookup: (ctx, ids) => campaignsInReach(db, ctx, ids), missing: 'Campaign not found.' },
    /** Contacts of the acting account's organization. */
    'contact.view': { role: 'canViewOrg', lookup: (ctx, ids) => contactsInReach(db, ctx, ids), missing: 'Contact not found.' },
    'contact.edit': { role: 'canEditOrg', lookup: (ctx, ids) => contactsInReach(db, ctx, ids), missing: 'Contact not found.' },
    /** A reseller of the acting partner's tree, to place a new organization under. */
    'organization.create': {
      role: 'canEditOrg',
      lookup: (ctx, ids) => resellersInReach(db, ctx, ids),
      missing: 'resellerId: no such reseller in your tree',
    },
    /** A template the acting account sees (the built-ins, its own, and the published ones of the accounts above it), to change. */
    'template.edit': { role: 'canEditOrg', lookup: (ctx, ids) => templatesInReach(db, ctx, ids), missing: 'Template not found.' },
    /** The acting account's schedule and bookings. */
    'schedule.view': { role: 'canViewOrg' },
    'schedule.edit': { role: 'canEditOrg' },
  } satisfies Record<string, AccessRule<AuthContext, unknown>>;
}

export function createAccess(db: Db) {
  return accessTable<AuthContext, ReturnType<typeof accessRules>>(accessRules(db));
}

export type RequireAccess = ReturnType<typeof createAccess>;
