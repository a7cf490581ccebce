import { useAccountUrl, type TreeType } from './hooks.ts';
import { AccountGate } from './AccountGate.tsx';
import { AccountHeading } from './AccountHeading.tsx';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button } from '../../../ui/index.ts';
import { useActingTarget } from '../api.ts';
import { formatDate, InfoRow, TYPE_LABEL, useSwitchOverlay } from '../parts.tsx';

/** agentInfo, orgInfo, partnerInfo, resellerInfo: what an account is, and what can be done with it. */
export function AccountInfoOverlay({ type }: { type: TreeType }) {
  const label = TYPE_LABEL[type]!;
  const navigate = useNavigate();
  const url = useAccountUrl();
  const current = useActingTarget();
  const { close } = useOverlay();
  const switchTo = useSwitchOverlay(`${type === 'organization' ? 'org' : type}Info`);
  return (
    <AccountGate title={`${label} details`} expect={[type]}>
      {(a) => (
        <OverlayFrame
          title={`${label} details`}
          footer={
            <>
              {type === 'agent' && a.permissions.canDeleteOrg && (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50 xs:mr-auto"
                  onClick={() => switchTo('deleteAgent', String(a.id))}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Delete agent
                </Button>
              )}
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              {a.id !== current && (
                <Button onClick={() => navigate(url(a))}>
                  <ExternalLink className="size-4" aria-hidden="true" /> Open
                </Button>
              )}
            </>
          }
        >
          <AccountHeading account={a} />
          <dl className="divide-y divide-slate-100">
            <InfoRow label="Account id">{a.id}</InfoRow>
            <InfoRow label="Username">@{a.username}</InfoRow>
            <InfoRow label="E-mail">{a.email ? `${a.email}${a.emailVerified ? ' (verified)' : ''}` : 'Not set'}</InfoRow>
            <InfoRow label="Phone">{a.phoneNumber ? `${a.phoneNumber}${a.phoneNumberVerified ? ' (verified)' : ''}` : 'Not set'}</InfoRow>
            <InfoRow label="Created">{formatDate(a.timestamp)}</InfoRow>
            {a.partnerId != null && a.partnerId !== a.id && <InfoRow label="Partner id">{a.partnerId}</InfoRow>}
            {a.resellerId != null && a.resellerId !== a.id && <InfoRow label="Reseller id">{a.resellerId}</InfoRow>}
            {type === 'agent' && a.organizationId != null && <InfoRow label="Organization id">{a.organizationId}</InfoRow>}
            <InfoRow label="Premium">{a.vidaPremium ? 'Yes' : 'No'}</InfoRow>
          </dl>
        </OverlayFrame>
      )}
    </AccountGate>
  );
}
