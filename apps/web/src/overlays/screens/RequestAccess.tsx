import { Lock } from 'lucide-react';
import { useNavigate } from 'react-router';
import { getStoredUser } from '../../api/session.ts';
import { useSignOutCalls } from '../../features/home/api.ts';
import { Button, EmptyState } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';
import type { OverlayProps } from '../registry.ts';

/** `?requestAccess`: the signed-in user opened something their accounts do not include. */
export default function RequestAccess({ close }: OverlayProps) {
  const navigate = useNavigate();
  const { signOut } = useSignOutCalls();
  const user = getStoredUser();
  return (
    <OverlayFrame
      title="You need access"
      size="sm"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={async () => {
              await signOut();
              navigate('/app/signin', { replace: true });
            }}
          >
            Use another account
          </Button>
          <Button onClick={close}>Okay</Button>
        </>
      }
    >
      <EmptyState
        icon={<Lock className="size-6" aria-hidden="true" />}
        title="This account is not shared with you"
        message={
          user
            ? `Ask an owner of the account to invite @${user.username} as a member. You will get an e-mail with a sign-in link.`
            : 'Sign in first, then ask an owner of the account to invite you as a member.'
        }
        className="py-4"
      />
    </OverlayFrame>
  );
}
