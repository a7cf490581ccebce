import { UserMinus } from 'lucide-react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { errorText, idFromValue, useActingTarget, useAdminUsers, useRemoveMember } from '../api.ts';

/** ?memberDelete=<userId>: remove an admin user from the open account. */
export default function MemberDelete() {
  const { close, value } = useOverlay();
  const target = useActingTarget();
  const userId = idFromValue(value);
  const users = useAdminUsers(target);
  const user = users.data?.users.find((u) => u.id === userId);
  const name = user ? user.name || user.email || `User ${user.id}` : '';
  const remove = useRemoveMember(target, userId, {
    success: `${name} removed`,
    onSuccess: close,
    toastErrors: false,
  });
  return (
    <OverlayFrame
      title="Remove member"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => remove.mutate(undefined)} loading={remove.isPending} disabled={!user}>
            <UserMinus className="size-4" aria-hidden="true" /> Remove
          </Button>
        </>
      }
    >
      {users.isPending ? (
        <LoadingBlock />
      ) : users.isError ? (
        <ErrorState message={errorText(users.error)} />
      ) : !user ? (
        <ErrorState title="No such member" message="This person is not a member of this account any more." />
      ) : (
        <p className="text-sm text-slate-600">
          <strong className="font-semibold text-slate-900">{name}</strong>
          {user.isOwner ? ' (an owner)' : ''} can no longer sign in to manage this account. You can invite them again later.
        </p>
      )}
      {remove.error && (
        <div className="mt-3">
          <ErrorState title="They were not removed" message={errorText(remove.error)} />
        </div>
      )}
    </OverlayFrame>
  );
}
