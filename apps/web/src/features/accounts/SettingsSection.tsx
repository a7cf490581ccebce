import { Bot, Building2, Mail, Network } from 'lucide-react';
import type { AccountView } from '../../api/hooks.ts';
import type { SectionProps } from '../../shell/sections.ts';
import { Avatar, Card } from '../../ui/index.ts';
import ManagePanel from './ManagePanel.tsx';
import TokensPanel from './TokensPanel.tsx';
import { TYPE_LABEL as typeLabel } from './parts.tsx';

/** Settings: the account's identity (name, type, e-mail, username, id), its management screens and API tokens. */
export default function SettingsSection({ account, path }: SectionProps) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Settings</h1>
      <AccountSummary account={account} />
      <ManagePanel account={account} path={path} />
      {account.permissions.canEditOrg && <TokensPanel account={account} path={path} />}
    </div>
  );
}

const typeIcon: Record<string, typeof Bot> = { agent: Bot, organization: Building2, reseller: Network, partner: Network };

function AccountSummary({ account }: { account: AccountView }) {
  const Icon = typeIcon[account.accountType] ?? Building2;
  const rows: [string, string][] = [
    ['Display name', account.displayName],
    ['Type', typeLabel[account.accountType] ?? account.accountType],
    ['E-mail', account.email ?? 'Not set'],
    ['Username', account.username],
    ['Account id', String(account.id)],
  ];
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <Avatar name={account.displayName} src={account.profileImage} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{account.displayName}</h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              <Icon className="size-3.5" aria-hidden="true" />
              {typeLabel[account.accountType] ?? account.accountType}
            </span>
            {account.user.superAdmin && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">Super admin</span>
            )}
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">@{account.username}</p>
          {account.user.id !== account.id && (
            <p className="mt-1 truncate text-sm text-slate-500" data-signed-in-as={account.user.email ?? account.user.username}>
              You manage this account as {account.user.email ?? `@${account.user.username}`}
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 border-t border-slate-100 xs:grid-cols-2 md:grid-cols-5">
        {rows.map(([k, v]) => (
          <div key={k} className="border-b border-slate-100 px-5 py-3 md:border-r md:border-b-0 md:last:border-r-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{k}</dt>
            <dd className="mt-1 truncate text-sm text-slate-900" data-field={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {!account.emailVerified && account.email == null && (
        <p className="flex items-center gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 text-sm text-slate-600">
          <Mail className="size-4" aria-hidden="true" /> Add an e-mail address so your team can reach this account.
        </p>
      )}
    </Card>
  );
}
