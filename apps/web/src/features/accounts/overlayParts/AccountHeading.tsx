import type { AccountView } from '../../../api/hooks.ts';
import { Avatar } from '../../../ui/index.ts';
import { StatusBadge, TypeBadge } from '../parts.tsx';

export function AccountHeading({ account }: { account: AccountView }) {
  return (
    <div className="mb-4 flex items-center gap-3">
      <Avatar name={account.displayName} src={account.profileImage} size="lg" />
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold text-slate-900">{account.displayName}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <TypeBadge type={account.accountType} />
          <StatusBadge active={!account.disabled} />
          <span className="truncate">@{account.username}</span>
        </p>
      </div>
    </div>
  );
}
