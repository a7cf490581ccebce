import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useAccount } from '../../../api/hooks.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Avatar, Button, EmptyState, ErrorState } from '../../../ui/index.ts';
import { errorText, useAdminUsers } from '../api.ts';
import { AccountGate, useOverlayAccount } from '../overlayParts/index.ts';
import { formatDate, ListSkeleton, useSwitchOverlay } from '../parts.tsx';

/** ?members: the account's admin users and owners; invite and remove as permissions allow. */
export default function Members() {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const users = useAdminUsers(target);
  const me = useAccount(null);
  const go = useSwitchOverlay('members');
  return (
    <AccountGate title="Members">
      {(a) => (
        <OverlayFrame
          title="Members"
          description={`People who can manage ${a.displayName}.`}
          size="lg"
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              {a.permissions.canInviteUsers && (
                <Button onClick={() => go('memberInvite')}>
                  <UserPlus className="size-4" aria-hidden="true" /> Invite member
                </Button>
              )}
            </>
          }
        >
          {users.isPending ? (
            <ListSkeleton rows={3} />
          ) : users.isError ? (
            <ErrorState title="We could not load the members" message={errorText(users.error)} />
          ) : users.data.users.length === 0 ? (
            <EmptyState
              icon={<Users className="size-6" aria-hidden="true" />}
              title="No members yet"
              message="Invite the people who help you run this account."
            />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Members">
              {users.data.users.map((u) => {
                const name = u.name || u.email || `User ${u.id}`;
                const isMe = u.id === me.data?.user.id;
                const removable = !u.isAccountUser && a.permissions.canManageUsers && (!u.isOwner || a.permissions.canDeleteOrg);
                return (
                  <li key={u.id} className="flex items-center gap-3 py-3">
                    <Avatar name={name} size="md" />
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                        <span className="truncate">{name}</span>
                        {isMe && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">You</span>}
                        {u.isOwner && (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Owner</span>
                        )}
                        {u.pending && (
                          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">Invitation pending</span>
                        )}
                      </p>
                      <p className="truncate text-xs text-slate-500">
                        {u.name && u.email ? `${u.email} · ` : ''}
                        {u.isAccountUser
                          ? 'Account holder'
                          : u.pending
                            ? `Invited ${formatDate(u.createdAt)} · has not signed in yet`
                            : `Added ${formatDate(u.createdAt)}`}
                      </p>
                    </div>
                    {removable && (
                      <Button
                        size="xs"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => go('memberDelete', String(u.id))}
                        aria-label={isMe ? `Leave ${a.displayName}` : `Remove ${name}`}
                      >
                        <UserMinus className="size-4" aria-hidden="true" />{' '}
                        <span className="hidden xs:inline">{isMe ? 'Leave' : 'Remove'}</span>
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </OverlayFrame>
      )}
    </AccountGate>
  );
}
