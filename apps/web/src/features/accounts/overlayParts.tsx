// Over 400 lines: the shared bodies of the account overlays (info, preview, create, single-field edit),
// one per kind of overlay, used by the many overlay keys of spec §2 through small wrappers in overlays/.
import { appPathUrl, parseAppPath, type AppPathSegment } from '@switchboard/core/rules/appPath';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AccountView } from '../../api/hooks.ts';
import { OverlayFrame, useOverlay } from '../../overlays/OverlayFrame.tsx';
import { Avatar, Button, ErrorState, LoadingBlock, Skeleton, TextField } from '../../ui/index.ts';
import {
  errorText,
  fieldError,
  idFromValue,
  otherError,
  useAccountPreview,
  useActingAccount,
  useActingTarget,
  useAllResellers,
  useCheckVerification,
  useCreateChild,
  useRequestVerification,
  useSaveAccountField,
  type AccountFieldChange,
} from './api.ts';
import { formatDate, FormError, FormFooter, InfoRow, StatusBadge, TYPE_LABEL, TypeBadge, useSwitchOverlay } from './parts.tsx';

export type TreeType = 'partner' | 'reseller' | 'organization' | 'agent';
const SEGMENT: Record<TreeType, AppPathSegment> = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };

/** The account an overlay is about: the id in its value (`?orgInfo=12`), else the open account. */
export function useOverlayAccount() {
  const { value } = useOverlay();
  return useActingAccount(idFromValue(value));
}

/** The /app URL that opens an account from the current page (one level below, or itself). */
export function useAccountUrl() {
  const { pathname } = useLocation();
  const current = useActingTarget();
  return (account: { id: number; accountType: string }) => {
    const parsed = parseAppPath(pathname.startsWith('/app') ? pathname.slice(4) : '');
    const path = parsed.ok ? parsed.path : [];
    if (account.id === current) return appPathUrl(path);
    const seg = SEGMENT[account.accountType as TreeType];
    return seg ? appPathUrl([...path, { type: seg, id: account.id }]) : '/app';
  };
}

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

/** orgPreview, resellerPreview: a glance at an account and what is below it, without leaving the page. */
export function AccountPreviewOverlay({ type }: { type: 'organization' | 'reseller' }) {
  const label = TYPE_LABEL[type]!;
  const navigate = useNavigate();
  const url = useAccountUrl();
  const { close, value } = useOverlay();
  const id = idFromValue(value);
  const below = type === 'organization' ? 'agent' : 'organization';
  const counts = useAccountPreview(type, id);
  return (
    <AccountGate title={`${label} preview`} expect={[type]}>
      {(a) => (
        <OverlayFrame
          title={`${label} preview`}
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button onClick={() => navigate(url(a))}>
                <ExternalLink className="size-4" aria-hidden="true" /> Open {label.toLowerCase()}
              </Button>
            </>
          }
        >
          <AccountHeading account={a} />
          {counts.isPending ? (
            <LoadingBlock />
          ) : counts.isError ? (
            <ErrorState message={errorText(counts.error)} />
          ) : (
            <>
              <dl className="mb-4 grid grid-cols-3 gap-3">
                <Stat label={`${TYPE_LABEL[below]}s`} value={counts.data.list.totalAccounts} />
                <Stat label="Admin users" value={counts.data.members} />
                <Stat label="Created" value={formatDate(a.timestamp)} />
              </dl>
              {counts.data.list.accounts.length > 0 && (
                <>
                  <h3 className="mb-2 text-sm font-medium text-slate-700">Latest {TYPE_LABEL[below]?.toLowerCase()}s</h3>
                  <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                    {counts.data.list.accounts.map((c) => (
                      <li key={c.id} className="flex items-center gap-3 px-3 py-2">
                        <Avatar name={c.displayName} src={c.image} size="sm" />
                        <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{c.displayName}</span>
                        <span className="text-xs text-slate-500">{formatDate(c.timestamp)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </OverlayFrame>
      )}
    </AccountGate>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

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

/** One text value of the account, edited and saved (full name, account name, username). */
export function SingleFieldOverlay({
  title,
  label,
  initial,
  save,
  field,
  success,
  hint,
  validate,
  inputProps,
}: {
  title: string;
  label: string;
  initial: (a: AccountView) => string;
  save: (value: string, a: AccountView) => AccountFieldChange;
  field: string;
  success: string;
  hint?: (value: string) => ReactNode;
  validate?: (value: string) => string | null;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { close } = useOverlay();
  return (
    <AccountGate title={title}>
      {(a) => (
        <SingleFieldForm
          title={title}
          label={label}
          account={a}
          initial={initial(a)}
          save={save}
          field={field}
          success={success}
          hint={hint}
          validate={validate}
          close={close}
          inputProps={inputProps}
        />
      )}
    </AccountGate>
  );
}

function SingleFieldForm(props: {
  title: string;
  label: string;
  account: AccountView;
  initial: string;
  save: (value: string, a: AccountView) => AccountFieldChange;
  field: string;
  success: string;
  hint?: (value: string) => ReactNode;
  validate?: (value: string) => string | null;
  close: () => void;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const [value, setValue] = useState(props.initial);
  const [local, setLocal] = useState<string | null>(null);
  const target = useOverlayAccount().target;
  const m = useSaveAccountField(target, props.save(value.trim(), props.account), { success: props.success, onSuccess: props.close });
  const err = m.error;
  return (
    <OverlayFrame
      title={props.title}
      footer={
        <FormFooter
          form="single-field-form"
          label="Save"
          loading={m.isPending}
          onCancel={props.close}
          disabled={!props.account.permissions.canEditOrg}
        />
      }
    >
      <form
        id="single-field-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = props.validate?.(value.trim()) ?? null;
          setLocal(problem);
          if (!problem) m.mutate(undefined);
        }}
      >
        <TextField
          label={props.label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoFocus
          error={local ?? fieldError(err, props.field)}
          hint={props.hint?.(value.trim())}
          disabled={!props.account.permissions.canEditOrg}
          {...props.inputProps}
        />
        <FormError error={otherError(err, props.field)} />
      </form>
    </OverlayFrame>
  );
}

/** editEmail, editPhone: enter the address, receive a 6-digit code, enter it. */
export function VerifyOverlay({ kind }: { kind: 'email' | 'phone' }) {
  const { close } = useOverlay();
  const acting = useOverlayAccount();
  const title = kind === 'email' ? 'E-mail address' : 'Phone number';
  const key = kind === 'email' ? 'email' : 'phoneNumber';
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    if (acting.data && !address) setAddress((kind === 'email' ? acting.data.email : acting.data.phoneNumber) ?? '');
  }, [acting.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const send = useRequestVerification(kind, acting.target, address.trim(), {
    onSuccess: () => setSentTo(address.trim()),
  });
  const check = useCheckVerification(kind, acting.target, sentTo, code.trim(), {
    success: kind === 'email' ? 'E-mail address verified' : 'Phone number verified',
    onSuccess: close,
  });
  return (
    <AccountGate title={title}>
      {() =>
        sentTo == null ? (
          <OverlayFrame
            title={title}
            description={
              kind === 'email'
                ? 'We send a code to the new address to make sure it is yours.'
                : 'We text a code to the number to make sure it is yours.'
            }
            footer={<FormFooter form="verify-send" label="Send code" loading={send.isPending} onCancel={close} />}
          >
            <form id="verify-send" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), send.mutate(undefined))}>
              <TextField
                label={title}
                type={kind === 'email' ? 'email' : 'tel'}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                required
                autoFocus
                placeholder={kind === 'email' ? 'you@example.com' : '+1 415 555 0100'}
                error={fieldError(send.error, key)}
              />
              <FormError error={otherError(send.error, key)} />
            </form>
          </OverlayFrame>
        ) : (
          <OverlayFrame
            title="Enter the code"
            description={`We sent a 6-digit code to ${sentTo}. It works for 10 minutes.`}
            footer={
              <>
                <Button variant="ghost" className="xs:mr-auto" onClick={() => (setSentTo(null), setCode(''))}>
                  Change {kind === 'email' ? 'address' : 'number'}
                </Button>
                <Button variant="secondary" onClick={() => send.mutate(undefined)} loading={send.isPending}>
                  Send again
                </Button>
                <Button type="submit" form="verify-check" loading={check.isPending}>
                  Verify
                </Button>
              </>
            }
          >
            <form id="verify-check" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), check.mutate(undefined))}>
              <TextField
                label="Code"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                autoFocus
                className="font-mono tracking-[0.4em]"
                error={fieldError(check.error, 'verificationCode')}
              />
              <FormError error={otherError(check.error, 'verificationCode')} />
            </form>
          </OverlayFrame>
        )
      }
    </AccountGate>
  );
}
