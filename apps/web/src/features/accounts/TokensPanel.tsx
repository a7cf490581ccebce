import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { confirm } from '../../shell/confirm.tsx';
import { Button, Card, Dialog, EmptyState, ErrorState, Field, TextField } from '../../ui/index.ts';
import type { SectionProps as AppPanelProps } from '../../shell/sections.ts';
import { errorText, fieldError, otherError, useApiTokens, useCreateToken, useRevokeToken } from './api.ts';
import { CopyButton, formatDate, FormFooter, ListSkeleton, SectionHeader, selectClass } from './parts.tsx';

const TYPES = [
  { value: 'api', label: 'API' },
  { value: 'sip', label: 'SIP' },
  { value: 'webhook', label: 'Webhook' },
];

/** API tokens of the account: create (the value is shown once, with a copy button) and revoke. */
export default function TokensPanel({ account, path }: AppPanelProps) {
  const target = path.length ? account.id : null;
  const tokens = useApiTokens(target);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ token: string; description: string } | null>(null);
  const revoke = useRevokeToken(target, {
    success: 'Token revoked',
  });
  const items = tokens.data?.tokens ?? [];
  return (
    <Card>
      <SectionHeader
        id="tokens-title"
        title="API tokens"
        description="Let your own software call the API as this account."
        action={
          account.permissions.canEditOrg && (
            <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> New token
            </Button>
          )
        }
      />
      {tokens.isPending ? (
        <ListSkeleton rows={2} />
      ) : tokens.isError ? (
        <div className="p-4 sm:p-5">
          <ErrorState title="We could not load the tokens" message={errorText(tokens.error)} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<KeyRound className="size-6" aria-hidden="true" />}
          title="No API tokens"
          message="Create a token to connect your own software. You see its value once."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="API tokens">
          {items.map((t) => (
            <li key={t.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
              <KeyRound className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{t.description || 'Untitled token'}</p>
                <p className="truncate text-xs text-slate-500">
                  <span className="font-mono">{t.preview ? `${t.preview}…` : t.id}</span> · {(t.type ?? 'api').toUpperCase()} · created{' '}
                  {formatDate(t.createdAt)} · {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              {account.permissions.canEditOrg && (
                <Button
                  size="xs"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={`Revoke ${t.description || t.id}`}
                  onClick={() =>
                    confirm({
                      icon: <Trash2 className="size-5 text-red-600" />,
                      title: 'Revoke this token?',
                      message: `Software using “${t.description || t.id}” stops working at once.`,
                      confirmText: 'Revoke',
                      confirmColor: 'danger',
                      onConfirm: async () => {
                        await revoke.mutateAsync(t.id).catch(() => undefined);
                      },
                    })
                  }
                >
                  <Trash2 className="size-4" aria-hidden="true" /> <span className="hidden sm:inline">Revoke</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <CreateTokenDialog target={target} onClose={() => setCreating(false)} onCreated={(c) => (setCreating(false), setCreated(c))} />
      )}
      {created && (
        <Dialog
          open
          onOpenChange={(o) => !o && setCreated(null)}
          title="Copy your new token"
          description="This is the only time it is shown. Keep it somewhere safe."
          size="md"
          footer={<Button onClick={() => setCreated(null)}>Done</Button>}
        >
          <p className="mb-2 text-sm text-slate-600">{created.description}</p>
          <div className="flex flex-col gap-2 xs:flex-row xs:items-center">
            <code
              data-testid="new-token"
              className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
        </Dialog>
      )}
    </Card>
  );
}

function CreateTokenDialog({
  target,
  onClose,
  onCreated,
}: {
  target: number | null;
  onClose: () => void;
  onCreated: (c: { token: string; description: string }) => void;
}) {
  const [description, setDescription] = useState('');
  const [type, setType] = useState('api');
  const create = useCreateToken(target, description, type, {
    onSuccess: (r) => onCreated({ token: r.token, description: r.description }),
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="New API token"
      size="md"
      footer={<FormFooter form="new-token-form" label="Create token" loading={create.isPending} onCancel={onClose} />}
    >
      <form
        id="new-token-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(undefined);
        }}
      >
        <TextField
          label="What is it for?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="CRM sync"
          error={fieldError(create.error, 'description') ?? otherError(create.error, 'description')}
          autoFocus
          required
          maxLength={200}
        />
        <Field label="Type">
          {(a11y) => (
            <select {...a11y} value={type} onChange={(e) => setType(e.target.value)} className={selectClass}>
              {TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Dialog>
  );
}
