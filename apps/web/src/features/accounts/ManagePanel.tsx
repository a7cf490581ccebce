import { Info, Settings, Share2, UserPen, Users, type LucideIcon } from 'lucide-react';
import { useOpenOverlay } from '../../overlays/open.ts';
import { Card } from '../../ui/index.ts';
import type { SectionProps as AppPanelProps } from '../../shell/sections.ts';
import { SectionHeader } from './parts.tsx';

const INFO_OVERLAY: Record<string, string> = {
  partner: 'partnerInfo',
  reseller: 'resellerInfo',
  organization: 'orgInfo',
  agent: 'agentInfo',
};

/** Shortcuts to the account's profile, members, settings and sharing, as its permissions allow. */
export default function ManagePanel({ account }: AppPanelProps) {
  const open = useOpenOverlay();
  const p = account.permissions;
  const actions: { key: string; value?: string; label: string; hint: string; icon: LucideIcon; show: boolean }[] = [
    { key: 'editProfile', label: 'Edit profile', hint: 'Name, picture, username, contact details', icon: UserPen, show: p.canEditOrg },
    { key: 'members', label: 'Members', hint: 'Admin users and owners', icon: Users, show: p.canManageUsers || p.canInviteUsers },
    { key: 'settings', label: 'Settings', hint: 'Messaging and embeds', icon: Settings, show: p.canEditOrg },
    { key: 'shareProfile', label: 'Share profile', hint: 'Your public link', icon: Share2, show: p.canViewOrg },
    {
      key: INFO_OVERLAY[account.accountType] ?? 'orgInfo',
      value: String(account.id),
      label: 'Account details',
      hint: 'Ids, type, dates',
      icon: Info,
      show: p.canViewOrg,
    },
  ];
  return (
    <Card className="overflow-hidden">
      <SectionHeader title="Manage" description="Everything about this account in one place." />
      <ul className="grid grid-cols-1 gap-px bg-slate-100 xs:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {actions
          .filter((a) => a.show)
          .map((a) => (
            <li key={a.key} className="bg-white">
              <button
                type="button"
                onClick={() => open(a.key, a.value)}
                className="flex h-full w-full items-start gap-3 px-4 py-4 text-left hover:bg-slate-50 sm:px-5"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <a.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{a.label}</span>
                  <span className="block text-xs text-slate-500">{a.hint}</span>
                </span>
              </button>
            </li>
          ))}
      </ul>
    </Card>
  );
}
