import type { ComponentType } from 'react';

/**
 * Overlay screens (spec §2 "Overlay screens", DESIGN.md §7): an overlay opens when the query string
 * carries a key from the allowed list and closes when the key is removed. ONE registry maps each key to
 * a lazily loaded module; adding an overlay = one line here + one file (see docs/web.md).
 */

/** The spec's default list of overlay names (all of them). */
export const DEFAULT_OVERLAY_KEYS = [
  'addCustomNumber',
  'addFunds',
  'agentInfo',
  'balances',
  'billing',
  'callVerify',
  'call',
  'calling',
  'chat',
  'checkout',
  'contacts',
  'convoLog',
  'createContact',
  'createAgentAccount',
  'createOrgAccount',
  'createResellerAccount',
  'debug',
  'docsPage',
  'deleteAgent',
  'deleteContact',
  'editAgent',
  'editContact',
  'editPage',
  'editPlan',
  'editProfile',
  'editSocial',
  'integrations',
  'editAvatar',
  'editEmail',
  'editFullName',
  'editPhone',
  'editUserAccount',
  'editSlug',
  'form',
  'forwarding',
  'forwardingInstructions',
  'help',
  'legacyLogin',
  'info',
  'install',
  'members',
  'memberInvite',
  'memberDelete',
  'mobile',
  'number',
  'onboard',
  'orgPreview',
  'orgInfo',
  'orgSearch',
  'partnerInfo',
  'planOffered',
  'planDetails',
  'premium',
  'previewContact',
  'renameTemplate',
  'requestAccess',
  'resellerPreview',
  'resellerApp',
  'resellerInfo',
  'orgApp',
  'schedule',
  'search',
  'settings',
  'selectNumber',
  'upgrade',
  'setupAgent',
  'shareAgent',
  'shareProfile',
  'subscription',
  'takeover',
  'testAgent',
  'transactions',
  'wallet',
  'withdraw',
  'reporting',
] as const;
export type OverlayKey = (typeof DEFAULT_OVERLAY_KEYS)[number];

/** Query parameters that belong to an overlay and are removed with it. */
export const OVERLAY_COMPANION_PARAMS: Partial<Record<string, string[]>> = {
  upgrade: ['upgradeRedirect'],
  onboard: ['activeStep', 'fieldIndex', 'integrationIndex'],
  editAgent: ['targetTemplateId', 'forceReplaceTemplateVars'],
  setupAgent: ['templateId'],
};

export interface OverlayProps {
  /** The overlay's key. */
  name: string;
  /** The key's query value ('' or 'true' for flags, an id for e.g. `?agentInfo=123`). */
  value: string;
  /** All query parameters of the page. */
  params: URLSearchParams;
  /** Removes the key from the query (goes back when the overlay pushed its own history entry). */
  close: () => void;
}

export type OverlayModule = { default: ComponentType<OverlayProps> };
export type OverlayLoader = () => Promise<OverlayModule>;

/**
 * Every overlay module in the app, found at build time. Vite makes each a separate lazy chunk, so
 * no overlay code is in the first load.
 */
const modules: Record<string, OverlayLoader> = {
  ...(import.meta.glob<OverlayModule>('./screens/*.tsx') as Record<string, OverlayLoader>),
  ...(import.meta.glob<OverlayModule>('../features/*/overlays/*.tsx') as Record<string, OverlayLoader>),
};

export interface OverlayEntry {
  /** Module path relative to this file, e.g. './screens/Help.tsx' or '../features/accounts/overlays/Members.tsx'. */
  module: string;
}

const accounts = (file: string): OverlayEntry => ({ module: `../features/accounts/overlays/${file}.tsx` });
const screen = (file: string): OverlayEntry => ({ module: `./screens/${file}.tsx` });
const device = (file: string): OverlayEntry => ({ module: `../features/device/overlays/${file}.tsx` });
const billing = (file: string): OverlayEntry => ({ module: `../features/billing/overlays/${file}.tsx` });

/** key → module: every key of the allowed list has its screen (the type makes a missing one a build error). */
export const OVERLAY_REGISTRY: Record<OverlayKey, OverlayEntry> = {
  // Shell overlays (this module).
  help: screen('Help'),
  docsPage: screen('Help'),
  info: screen('Info'),
  debug: screen('Debug'),
  legacyLogin: screen('LegacyLogin'),
  requestAccess: screen('RequestAccess'),
  upgrade: screen('Upgrade'),
  search: { module: '../features/search/overlays/Search.tsx' },
  // Contacts and calendar (features/contacts, features/calendar).
  contacts: { module: '../features/contacts/overlays/Contacts.tsx' },
  createContact: { module: '../features/contacts/overlays/CreateContact.tsx' },
  editContact: { module: '../features/contacts/overlays/EditContact.tsx' },
  deleteContact: { module: '../features/contacts/overlays/DeleteContact.tsx' },
  previewContact: { module: '../features/contacts/overlays/PreviewContact.tsx' },
  schedule: { module: '../features/calendar/overlays/Schedule.tsx' },
  // Account screens (features/accounts).
  agentInfo: accounts('AgentInfo'),
  orgInfo: accounts('OrgInfo'),
  partnerInfo: accounts('PartnerInfo'),
  resellerInfo: accounts('ResellerInfo'),
  orgPreview: accounts('OrgPreview'),
  resellerPreview: accounts('ResellerPreview'),
  orgSearch: accounts('OrgSearch'),
  createAgentAccount: accounts('CreateAgentAccount'),
  createOrgAccount: accounts('CreateOrgAccount'),
  createResellerAccount: accounts('CreateResellerAccount'),
  deleteAgent: accounts('DeleteAgent'),
  editProfile: accounts('EditProfile'),
  editAvatar: accounts('EditAvatar'),
  editEmail: accounts('EditEmail'),
  editFullName: accounts('EditFullName'),
  editPhone: accounts('EditPhone'),
  editUserAccount: accounts('EditUserAccount'),
  editSlug: accounts('EditSlug'),
  editSocial: accounts('EditSocial'),
  members: accounts('Members'),
  memberInvite: accounts('MemberInvite'),
  memberDelete: accounts('MemberDelete'),
  settings: accounts('Settings'),
  // Link page (features/linkpages): the editor, and the page's address with its QR code.
  editPage: { module: '../features/linkpages/overlays/EditPage.tsx' },
  shareProfile: { module: '../features/linkpages/overlays/ShareProfile.tsx' },
  // Agent screens (features/agents).
  editAgent: { module: '../features/agents/overlays/EditAgent.tsx' },
  setupAgent: { module: '../features/agents/overlays/SetupAgent.tsx' },
  testAgent: { module: '../features/agents/overlays/TestAgent.tsx' },
  shareAgent: { module: '../features/agents/overlays/ShareAgent.tsx' },
  renameTemplate: { module: '../features/agents/overlays/RenameTemplate.tsx' },
  integrations: { module: '../features/agents/overlays/Integrations.tsx' },
  onboard: { module: '../features/agents/overlays/Onboard.tsx' },
  // Inbox screens (features/inbox).
  chat: { module: '../features/inbox/overlays/Chat.tsx' },
  convoLog: { module: '../features/inbox/overlays/ConvoLog.tsx' },
  call: { module: '../features/inbox/overlays/Call.tsx' },
  // Calls (features/calls): the web test call.
  calling: { module: '../features/calls/overlays/Calling.tsx' },
  takeover: { module: '../features/calls/overlays/TakeOver.tsx' },
  // Phone numbers (features/numbers): buy, bring your own, forwarding.
  selectNumber: { module: '../features/numbers/overlays/SelectNumber.tsx' },
  addCustomNumber: { module: '../features/numbers/overlays/AddCustomNumber.tsx' },
  callVerify: { module: '../features/numbers/overlays/CallVerify.tsx' },
  number: { module: '../features/numbers/overlays/Number.tsx' },
  forwarding: { module: '../features/numbers/overlays/Forwarding.tsx' },
  forwardingInstructions: { module: '../features/numbers/overlays/ForwardingInstructions.tsx' },
  // Usage, costs and logs (features/reports).
  reporting: { module: '../features/reports/overlays/Reporting.tsx' },
  // The app on a device (features/device): install, devices and push, app identity, forms.
  install: device('Install'),
  mobile: device('Mobile'),
  orgApp: device('OrgApp'),
  resellerApp: device('ResellerApp'),
  form: device('Form'),
  // Billing and the wallet (features/billing).
  addFunds: billing('AddFunds'),
  wallet: billing('Wallet'),
  transactions: billing('Transactions'),
  billing: billing('Billing'),
  subscription: billing('Subscription'),
  checkout: billing('Checkout'),
  planDetails: billing('PlanDetails'),
  planOffered: billing('PlanOffered'),
  balances: billing('Balances'),
  premium: billing('Premium'),
  editPlan: billing('EditPlan'),
  withdraw: billing('Withdraw'),
};

let allowed: ReadonlySet<string> = new Set(DEFAULT_OVERLAY_KEYS);

/** Overrides the allowed list (spec: "the list can be overridden"); no argument restores the default. */
export function setAllowedOverlays(keys?: readonly string[]): void {
  allowed = new Set(keys ?? DEFAULT_OVERLAY_KEYS);
}

export function isAllowedOverlay(key: string): boolean {
  return allowed.has(key);
}

/** The overlay keys present in a query string, in query order, each once. */
export function overlaysInQuery(search: string | URLSearchParams): { name: string; value: string }[] {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const seen = new Set<string>();
  const out: { name: string; value: string }[] = [];
  for (const [k, v] of q) {
    if (!allowed.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push({ name: k, value: v });
  }
  return out;
}

/** The query string without an overlay key and its companion parameters. */
export function withoutOverlay(search: string | URLSearchParams, key: string): string {
  const q = new URLSearchParams(search);
  q.delete(key);
  for (const c of OVERLAY_COMPANION_PARAMS[key] ?? []) q.delete(c);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The query string with an overlay key added (value '' for a flag). */
export function withOverlay(search: string | URLSearchParams, key: string, value = 'true', extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(search);
  q.set(key, value);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `?${q.toString()}`;
}

export class MissingOverlayModuleError extends Error {
  constructor(
    readonly key: string,
    readonly module: string,
  ) {
    super(`Missing module for overlay "${key}": ${module}`);
    this.name = 'MissingOverlayModuleError';
  }
}

export type Resolution = { kind: 'module'; load: OverlayLoader } | { kind: 'missing'; error: MissingOverlayModuleError };

/** What to render for a key: its module, or the missing-module error (the build does not have the module named). */
export function resolveOverlay(
  key: string,
  available: Record<string, OverlayLoader> = modules,
  registry: Partial<Record<string, OverlayEntry>> = OVERLAY_REGISTRY,
): Resolution {
  const module = registry[key]?.module ?? '(no registry entry)';
  const load = available[module];
  return load ? { kind: 'module', load } : { kind: 'missing', error: new MissingOverlayModuleError(key, module) };
}
