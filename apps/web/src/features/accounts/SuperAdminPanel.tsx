import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import { Ban, CircleCheck, Search, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { confirm } from '../../shell/confirm.tsx';
import { Avatar, Button, Card, Dialog, EmptyState, ErrorState, Field, Input, Textarea, TextField } from '../../ui/index.ts';
import type { SectionProps as AppPanelProps } from '../../shell/sections.ts';
import { errorText, fieldError, otherError, useCreatePartner, useDisableAccount, useEnableAccount, useSuperSearch } from './api.ts';
import { FormError, FormFooter, ListSkeleton, SectionHeader, StatusBadge, TYPE_LABEL } from './parts.tsx';

type Found = AccountListItem & { disabledReason: string | null; phoneNumber: string | null };

/** The super admin console: find any account, disable it (reason, details) or enable it. */
export default function SuperAdminPanel(_: AppPanelProps) {
  const [typed, setTyped] = useState('');
  const [phrase, setPhrase] = useState('');
  const [disabling, setDisabling] = useState<Found | null>(null);
  const results = useSuperSearch<{ accounts: Found[] }>(phrase);
  const enable = useEnableAccount({
    success: (r) => r.message,
  });
  const items = results.data?.accounts ?? [];
  return (
    <Card>
      <SectionHeader title="Super admin" description="Find any account by name, username, e-mail, phone or id." />
      <form
        role="search"
        className="flex flex-col gap-2 px-4 py-3 xs:flex-row sm:px-5"
        onSubmit={(e) => {
          e.preventDefault();
          setPhrase(typed.trim());
        }}
      >
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search all accounts"
            aria-label="Search all accounts"
            className="pl-9"
          />
        </div>
        <Button type="submit" disabled={!typed.trim()}>
          Search
        </Button>
      </form>
      {phrase === '' ? null : results.isPending ? (
        <ListSkeleton rows={3} />
      ) : results.isError ? (
        <div className="px-4 pb-4 sm:px-5">
          <ErrorState title="The search did not work" message={errorText(results.error)} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck className="size-6" aria-hidden="true" />}
          title={`No account matches “${phrase}”`}
          message="Try a username, an e-mail address or an account id."
        />
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Search results">
          {items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
              <Avatar name={a.displayName} src={a.image} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  <span className="truncate">{a.displayName}</span>
                  <StatusBadge active={a.active} />
                </p>
                <p className="truncate text-xs text-slate-500">
                  {TYPE_LABEL[a.type] ?? a.type} · #{a.id} · @{a.username}
                  {a.email ? ` · ${a.email}` : ''}
                </p>
                {!a.active && a.disabledReason && <p className="mt-0.5 text-xs text-red-700">Reason: {a.disabledReason}</p>}
              </div>
              {a.active ? (
                <Button size="xs" variant="secondary" className="text-red-700" onClick={() => setDisabling(a)}>
                  <Ban className="size-4" aria-hidden="true" /> Disable
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="secondary"
                  onClick={() =>
                    confirm({
                      icon: <CircleCheck className="size-5 text-emerald-600" />,
                      title: `Enable ${a.displayName}?`,
                      message: 'Its users can sign in again and its tokens work again.',
                      confirmText: 'Enable',
                      confirmColor: 'success',
                      onConfirm: async () => {
                        await enable.mutateAsync(a).catch(() => undefined);
                      },
                    })
                  }
                >
                  <CircleCheck className="size-4" aria-hidden="true" /> Enable
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {disabling && <DisableDialog account={disabling} onClose={() => setDisabling(null)} />}
      <NewPartnerForm />
    </Card>
  );
}

/** A partner console starts here (or with `npm run admin -- create-partner <name> <email>` on the server). */
function NewPartnerForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const create = useCreatePartner(
    { name: name.trim(), email: email.trim() },
    {
      success: () => `Partner ${name.trim()} created: ${email.trim()} can sign in to its console`,
      onSuccess: () => {
        setName('');
        setEmail('');
      },
    },
  );
  const err = create.error;
  return (
    <form
      aria-labelledby="new-partner-title"
      className="flex flex-col gap-3 border-t border-slate-100 px-4 py-4 sm:px-5"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(undefined);
      }}
    >
      <div>
        <h3 id="new-partner-title" className="text-sm font-semibold text-slate-900">
          New partner
        </h3>
        <p className="text-sm text-slate-600">
          A partner runs its own white-labelled tree of resellers and organizations. Its owner signs in with this e-mail.
        </p>
      </div>
      <div className="grid gap-3 xs:grid-cols-2">
        <TextField
          label="Partner name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={120}
          error={fieldError(err, 'name')}
        />
        <TextField
          label="Owner’s e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(err, 'email')}
        />
      </div>
      <FormError error={otherError(err, 'name', 'email')} />
      <Button type="submit" className="self-start" loading={create.isPending} disabled={!name.trim() || !email.trim()}>
        Create partner
      </Button>
    </form>
  );
}

function DisableDialog({ account, onClose }: { account: Found; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const disable = useDisableAccount(
    { username: account.username, reason, details: details || undefined },
    { success: (r) => r.message, onSuccess: onClose },
  );
  const err = disable.error;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Disable ${account.displayName}?`}
      description="Its users are signed out and its tokens stop working until it is enabled again."
      size="md"
      footer={<FormFooter form="disable-form" label="Disable account" loading={disable.isPending} onCancel={onClose} variant="danger" />}
    >
      <form
        id="disable-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          disable.mutate(undefined);
        }}
      >
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={500}
          placeholder="Unpaid invoices"
          error={fieldError(err, 'reason')}
          autoFocus
        />
        <Field label="Details (optional)" error={fieldError(err, 'details')}>
          {(a11y) => (
            <Textarea
              {...a11y}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={5000}
              placeholder="What happened, ticket numbers…"
            />
          )}
        </Field>
        <FormError error={otherError(err, 'reason', 'details')} />
      </form>
    </Dialog>
  );
}
