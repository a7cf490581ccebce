import { appPathUrl, parentAppPath, parseAppPath } from '@switchboard/core/rules/appPath';
import { Trash2 } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState } from '../../../ui/index.ts';
import { errorText, useActingTarget, useDeleteAccount } from '../api.ts';
import { AccountGate, AccountHeading } from '../overlayParts/index.ts';

/** ?deleteAgent=<id>: delete an agent account after saying what that means. */
export default function DeleteAgent() {
  const { close } = useOverlay();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useActingTarget();
  return (
    <AccountGate title="Delete agent" expect={['agent']}>
      {(a) => (
        <Confirm
          id={a.id}
          name={a.displayName}
          canDelete={a.permissions.canDeleteOrg}
          close={close}
          onDeleted={() => {
            // Deleting the agent the page shows leads back to its organization.
            if (a.id === current) {
              const parsed = parseAppPath(pathname.slice(4));
              navigate(parsed.ok ? appPathUrl(parentAppPath(parsed.path)) : '/app', { replace: true });
            } else close();
          }}
          heading={<AccountHeading account={a} />}
        />
      )}
    </AccountGate>
  );
}

function Confirm({
  id,
  name,
  canDelete,
  close,
  onDeleted,
  heading,
}: {
  id: number;
  name: string;
  canDelete: boolean;
  close: () => void;
  onDeleted: () => void;
  heading: React.ReactNode;
}) {
  const del = useDeleteAccount(id, {
    success: `${name} deleted`,
    onSuccess: onDeleted,
    toastErrors: false,
  });
  return (
    <OverlayFrame
      title="Delete agent"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => del.mutate(undefined)} loading={del.isPending} disabled={!canDelete}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete agent
          </Button>
        </>
      }
    >
      {heading}
      <p className="text-sm text-slate-600">
        <strong className="font-semibold text-slate-900">{name}</strong> stops answering calls and messages, and its sign-ins stop working.
        This cannot be undone.
      </p>
      {!canDelete && <p className="mt-3 text-sm text-amber-800">Only an owner can delete agents.</p>}
      {del.error && (
        <div className="mt-3">
          <ErrorState title="The agent was not deleted" message={errorText(del.error)} />
        </div>
      )}
    </OverlayFrame>
  );
}
