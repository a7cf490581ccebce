import type { ComponentType } from 'react';
import type { AppPathStep } from '@switchboard/core/rules/appPath';
import type { AccountView } from '../../api/hooks.ts';

/** What every /app panel receives. */
export interface AppPanelProps {
  /** The account the page acts as (the signed-in one, or the one the path opens). */
  account: AccountView;
  /** The parsed /app path (empty for the signed-in account). */
  path: AppPathStep[];
}

export interface AppPanel {
  id: string;
  /** Lazily loaded, so panels never weigh on the first load. */
  load: () => Promise<{ default: ComponentType<AppPanelProps> }>;
  /** Show only when this returns true (e.g. by account type or permission). */
  when?: (account: AccountView) => boolean;
}

/**
 * Panels shown on /app below the account header, in order. A feature adds one entry, e.g.
 * `{ id: 'tree', load: () => import('../accounts/TreePanel.tsx') }` (see docs/web.md).
 */
export const APP_PANELS: AppPanel[] = [
  // The account switcher (features/accounts) comes first.
  { id: 'accounts-switch', load: () => import('../accounts/SwitcherPanel.tsx') },
  // Agent (features/agents): the agent at a glance and the getting-started checklist.
  { id: 'agents', load: () => import('../agents/AgentPanel.tsx'), when: (a) => ['organization', 'agent'].includes(a.accountType) },
  // Account screens (features/accounts).
  { id: 'accounts-admin', load: () => import('../accounts/SuperAdminPanel.tsx'), when: (a) => a.user.superAdmin && a.id === a.user.id },
  { id: 'accounts-tree', load: () => import('../accounts/TreePanel.tsx'), when: (a) => ['partner', 'reseller', 'organization'].includes(a.accountType) },
  { id: 'accounts-manage', load: () => import('../accounts/ManagePanel.tsx') },
  { id: 'accounts-brand', load: () => import('../accounts/BrandPanel.tsx'), when: (a) => ['partner', 'reseller'].includes(a.accountType) && a.permissions.canEditOrg },
  { id: 'accounts-tokens', load: () => import('../accounts/TokensPanel.tsx'), when: (a) => a.permissions.canEditOrg },
];
