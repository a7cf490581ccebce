import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Bot,
  Building2,
  CalendarDays,
  Contact,
  CreditCard,
  Hash,
  Home,
  Inbox,
  Link2,
  Network,
  Palette,
  Phone,
  PhoneForwarded,
  Plug,
  Settings,
} from 'lucide-react';
import type { AppPathStep } from '@switchboard/core/rules/appPath';
import type { AccountView } from '../api/hooks.ts';

/** What every section page receives. */
export interface SectionProps {
  /** The acting account (the signed-in one, or the one the /app path opens). */
  account: AccountView;
  /** The parsed /app account path (empty for the signed-in account). */
  path: AppPathStep[];
}

export interface AppSection {
  /** The path segment after the account path (`/app/org/5/inbox`); '' is Home (`/app/org/5`). */
  id: string;
  label: string;
  icon: LucideIcon;
  /** Lazily loaded, so a section never weighs on the first load. */
  load: () => Promise<{ default: ComponentType<SectionProps> }>;
  /** Shown only for accounts this returns true for (account type, permission). */
  when?: (account: AccountView) => boolean;
  /** A small count beside the label (the inbox's unread conversations), loaded with the section list. */
  badge?: () => Promise<{ default: ComponentType<{ account: AccountView }> }>;
  /** The page fills the screen and scrolls its own panes (the inbox). */
  fullHeight?: boolean;
}

const org = (a: AccountView) => a.accountType === 'organization';
const orgOrAgent = (a: AccountView) => a.accountType === 'organization' || a.accountType === 'agent';
const console_ = (a: AccountView) => a.accountType === 'partner' || a.accountType === 'reseller';

/**
 * THE navigation of the signed-in app: the sidebar (desktop), the bottom bar (phones) and the routes
 * `/app/<account path>/<id>` all come from this one list, in this order. A feature adds its section
 * with one entry here (docs/web.md "Adding a section"); a section appears only once its feature exists.
 */
export const SECTIONS: AppSection[] = [
  { id: '', label: 'Home', icon: Home, load: () => import('../features/home/HomeSection.tsx') },
  { id: 'agents', label: 'Agent', icon: Bot, load: () => import('../features/agents/AgentEditorPage.tsx'), when: orgOrAgent },
  {
    id: 'inbox',
    label: 'Inbox',
    icon: Inbox,
    load: () => import('../features/inbox/InboxSection.tsx'),
    badge: () => import('../features/inbox/components/UnreadBadge.tsx'),
    when: org,
    fullHeight: true,
  },
  { id: 'calls', label: 'Calls', icon: Phone, load: () => import('../features/calls/CallsSection.tsx'), when: orgOrAgent },
  { id: 'numbers', label: 'Numbers', icon: Hash, load: () => import('../features/numbers/NumbersSection.tsx'), when: org },
  {
    id: 'sip',
    label: 'SIP trunk',
    icon: PhoneForwarded,
    load: () => import('../features/sip/SipSection.tsx'),
    when: (a) => org(a) && a.permissions.canViewOrg,
  },
  { id: 'contacts', label: 'Contacts', icon: Contact, load: () => import('../features/contacts/ContactsSection.tsx'), when: org },
  { id: 'calendar', label: 'Calendar', icon: CalendarDays, load: () => import('../features/calendar/CalendarSection.tsx'), when: org },
  { id: 'links', label: 'Link page', icon: Link2, load: () => import('../features/linkpages/LinkPageSection.tsx'), when: orgOrAgent },
  {
    id: 'organizations',
    label: 'Organizations',
    icon: Building2,
    load: () => import('../features/accounts/OrganizationsSection.tsx'),
    when: console_,
  },
  {
    id: 'resellers',
    label: 'Resellers',
    icon: Network,
    load: () => import('../features/accounts/ResellersSection.tsx'),
    when: (a) => a.accountType === 'partner',
  },
  {
    id: 'reports',
    label: 'Reports',
    icon: BarChart3,
    load: () => import('../features/reports/ReportsSection.tsx'),
    when: (a) => a.accountType !== 'user' && a.permissions.canViewOrg,
  },
  {
    id: 'integrations',
    label: 'Integrations',
    icon: Plug,
    load: () => import('../features/integrations/IntegrationsSection.tsx'),
    when: org,
  },
  {
    id: 'billing',
    label: 'Billing',
    icon: CreditCard,
    load: () => import('../features/billing/BillingSection.tsx'),
    when: (a) => (org(a) && a.permissions.canViewBilling) || (console_(a) && a.permissions.canManageBilling),
  },
  {
    id: 'brand',
    label: 'Brand',
    icon: Palette,
    load: () => import('../features/accounts/BrandPanel.tsx'),
    when: (a) => console_(a) && a.permissions.canEditOrg,
  },
  { id: 'settings', label: 'Settings', icon: Settings, load: () => import('../features/accounts/SettingsSection.tsx') },
];

/** The sections an account has, in order. */
export const sectionsFor = (account: AccountView): AppSection[] => SECTIONS.filter((s) => !s.when || s.when(account));
