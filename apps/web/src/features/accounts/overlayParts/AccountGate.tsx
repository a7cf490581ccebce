import { useOverlayAccount, type TreeType } from './hooks.ts';
import { type ReactNode } from 'react';
import type { AccountView } from '../../../api/hooks.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, Skeleton } from '../../../ui/index.ts';
import { errorText } from '../api.ts';
import { TYPE_LABEL } from '../parts.tsx';

/** Loading, error and "wrong type" states around an overlay's account. */
export function AccountGate({
  title,
  expect,
  children,
}: {
  title: string;
  expect?: TreeType[];
  children: (account: AccountView) => ReactNode;
}) {
  const q = useOverlayAccount();
  const { close } = useOverlay();
  if (q.isPending) {
    return (
      <OverlayFrame title={title}>
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">Loading</span>
          <div className="flex items-center gap-3">
            <Skeleton className="size-14 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-24" />
            </div>
          </div>
          <Skeleton className="h-24 w-full" />
        </div>
      </OverlayFrame>
    );
  }
  if (q.isError) {
    return (
      <OverlayFrame title={title} footer={<Button onClick={close}>Close</Button>}>
        <ErrorState title="We could not open this account" message={errorText(q.error)} />
      </OverlayFrame>
    );
  }
  const account = q.data;
  if (expect && !expect.includes(account.accountType as TreeType)) {
    return (
      <OverlayFrame title={title} footer={<Button onClick={close}>Close</Button>}>
        <ErrorState
          title="Account type does not match"
          message={`${account.displayName} is ${TYPE_LABEL[account.accountType]?.toLowerCase() ?? account.accountType}, not ${expect.map((e) => TYPE_LABEL[e]?.toLowerCase()).join(' or ')}.`}
        />
      </OverlayFrame>
    );
  }
  return <>{children(account)}</>;
}
