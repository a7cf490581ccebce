import { AccountGate } from './AccountGate.tsx';
import { useState } from 'react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, TextField } from '../../../ui/index.ts';
import { fieldError, otherError, useActingAccount, useAllResellers, useCreateChild } from '../api.ts';
import { FormError, FormFooter, TYPE_LABEL } from '../parts.tsx';

const PARENT_TYPES = { reseller: ['partner'], organization: ['partner', 'reseller'], agent: ['organization'] } as const;

/** createResellerAccount, createOrgAccount, createAgentAccount. */
export function CreateAccountOverlay({ type }: { type: 'reseller' | 'organization' | 'agent' }) {
  const label = TYPE_LABEL[type]!;
  const { close, params } = useOverlay();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [resellerId, setResellerId] = useState(params.get('resellerId') ?? '');
  const acting = useActingAccount();
  const isPartner = acting.data?.accountType === 'partner';
  const resellers = useAllResellers(acting.target, type === 'organization' && isPartner);
  const create = useCreateChild(
    type,
    acting.target,
    {
      ...(type === 'agent' ? { accountName: name, name } : { name }),
      ...(email.trim() ? { email: email.trim(), redirectUrl: '/app' } : {}),
      ...(type === 'organization' && resellerId ? { resellerId: Number(resellerId) } : {}),
    },
    { success: `${label} created${email.trim() ? ' and the owner invited' : ''}`, onSuccess: close },
  );
  const err = create.error;
  return (
    <AccountGate title={`New ${label.toLowerCase()}`} expect={[...PARENT_TYPES[type]]}>
      {(parent) =>
        !parent.permissions.canEditOrg ? (
          <OverlayFrame title={`New ${label.toLowerCase()}`} footer={<Button onClick={close}>Close</Button>}>
            <ErrorState title="You cannot create accounts here" message="Ask an owner of this account for access." />
          </OverlayFrame>
        ) : (
          <OverlayFrame
            title={`New ${label.toLowerCase()}`}
            description={`It is created under ${parent.displayName}.`}
            footer={
              <FormFooter
                form="create-account-form"
                label={<>Create {label.toLowerCase()}</>}
                loading={create.isPending}
                onCancel={close}
              />
            }
          >
            <form
              id="create-account-form"
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                create.mutate(undefined);
              }}
            >
              <TextField
                label={type === 'agent' ? 'Agent name' : `${label} name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={120}
                autoFocus
                placeholder={type === 'agent' ? 'Front desk' : type === 'organization' ? 'Bright Dental' : 'Northwind Resellers'}
                error={fieldError(err, 'name', 'accountName')}
              />
              {type === 'organization' && isPartner && (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor="create-reseller" className="text-sm font-medium text-slate-700">
                    Reseller
                  </label>
                  <select
                    id="create-reseller"
                    value={resellerId}
                    onChange={(e) => setResellerId(e.target.value)}
                    className="block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
                  >
                    <option value="">None: directly under {parent.displayName}</option>
                    {(resellers.data?.accounts ?? []).map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.displayName}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <TextField
                label={type === 'agent' ? 'E-mail of its user (optional)' : 'Owner’s e-mail (optional)'}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="owner@example.com"
                hint="We e-mail them a sign-in link."
                error={fieldError(err, 'email')}
                autoComplete="off"
              />
              <FormError error={otherError(err, 'name', 'accountName', 'email')} />
            </form>
          </OverlayFrame>
        )
      }
    </AccountGate>
  );
}
