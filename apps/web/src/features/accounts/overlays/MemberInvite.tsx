import { useState } from 'react';
import { useLocation } from 'react-router';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, TextField } from '../../../ui/index.ts';
import { fieldError, otherError, useInviteMember } from '../api.ts';
import { AccountGate, useOverlayAccount } from '../overlayParts/index.ts';
import { FormError, FormFooter } from '../parts.tsx';

/** ?memberInvite: e-mail someone a sign-in link to manage this account (optionally as an owner). */
export default function MemberInvite() {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const { pathname } = useLocation();
  const [email, setEmail] = useState('');
  const [isOwner, setIsOwner] = useState(false);
  const invite = useInviteMember(
    target,
    { email: email.trim(), isOwner, redirectUrl: pathname },
    { success: `Invitation sent to ${email.trim()}`, onSuccess: close },
  );
  const err = invite.error;
  return (
    <AccountGate title="Invite a member">
      {(a) =>
        !a.permissions.canInviteUsers ? (
          <OverlayFrame title="Invite a member" footer={<Button onClick={close}>Close</Button>}>
            <ErrorState title="You cannot invite members here" message="Ask an owner of this account to invite people." />
          </OverlayFrame>
        ) : (
          <OverlayFrame
            title="Invite a member"
            description={`They get an e-mail with a sign-in link to ${a.displayName}.`}
            footer={<FormFooter form="invite-form" label="Send invitation" loading={invite.isPending} onCancel={close} />}
          >
            <form id="invite-form" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), invite.mutate(undefined))}>
              <TextField
                label="E-mail"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoFocus
                autoComplete="off"
                placeholder="teammate@example.com"
                error={fieldError(err, 'email')}
              />
              <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
                <input
                  type="checkbox"
                  checked={isOwner}
                  onChange={(e) => setIsOwner(e.target.checked)}
                  disabled={!a.permissions.canDeleteOrg}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span className="text-sm">
                  <span className="block font-medium text-slate-900">Make them an owner</span>
                  <span className="block text-slate-600">
                    {a.permissions.canDeleteOrg
                      ? 'Owners can also manage billing, remove members and delete the account.'
                      : 'Only owners can invite owners.'}
                  </span>
                </span>
              </label>
              <FormError error={otherError(err, 'email')} />
            </form>
          </OverlayFrame>
        )
      }
    </AccountGate>
  );
}
