import type { DomainItem } from '@switchboard/core/contracts/domains';
import { normalizeDomain } from '@switchboard/core/rules/domains';
import { Globe, Palette, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { confirm } from '../../shell/confirm.tsx';
import { Avatar, Button, Card, Dialog, EmptyState, ErrorState, TextField } from '../../ui/index.ts';
import type { SectionProps as AppPanelProps } from '../../shell/sections.ts';
import { errorText, fieldError, otherError, useDomains, useRemoveDomain, useSaveDomain, useSetDefaultDomain } from './api.ts';
import { FormError, FormFooter, ListSkeleton, SectionHeader } from './parts.tsx';

/** Brand and domains of a partner or reseller: the hosts its customers use and what they show. */
export default function BrandPanel({ account, path }: AppPanelProps) {
  const target = path.length ? account.id : null;
  const domains = useDomains(target);
  const [editing, setEditing] = useState<DomainItem | 'new' | null>(null);
  const canEdit = account.permissions.canEditOrg;
  const makeDefault = useSetDefaultDomain(target, {
    success: 'Default domain changed',
  });
  const remove = useRemoveDomain(target, {
    success: 'Domain removed',
  });
  const items = domains.data?.domains ?? [];
  return (
    <Card>
      <SectionHeader
        title="Brand and domains"
        description="Serve the app on your own domains with your name, logo and colours."
        action={
          canEdit && (
            <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" /> Add domain
            </Button>
          )
        }
      />
      {domains.isPending ? (
        <ListSkeleton rows={2} />
      ) : domains.isError ? (
        <div className="p-4 sm:p-5">
          <ErrorState title="We could not load the domains" message={errorText(domains.error)} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Globe className="size-6" aria-hidden="true" />}
          title="No domains yet"
          message="Add a domain such as app.yourbrand.com and point it at this service. Your customers then see your brand there."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Domains">
          {items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
              <Avatar name={d.name || d.domain} src={d.image} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 truncate text-sm font-medium text-slate-900">
                  {d.domain}
                  {d.isDefault && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Default</span>}
                </p>
                <p className="flex items-center gap-2 truncate text-xs text-slate-500">
                  {d.settings.colors?.primary && (
                    <span
                      className="inline-block size-3 rounded-full ring-1 ring-slate-200"
                      style={{ background: d.settings.colors.primary }}
                      aria-hidden="true"
                    />
                  )}
                  {d.name || account.displayName}
                  {d.settings.supportUrl ? ` · support: ${d.settings.supportUrl}` : ' · support: built-in form'}
                </p>
              </div>
              {canEdit && (
                <div className="flex gap-1">
                  {!d.isDefault && (
                    <Button size="xs" variant="ghost" onClick={() => makeDefault.mutate(d)} aria-label={`Make ${d.domain} the default`}>
                      <Star className="size-4" aria-hidden="true" /> <span className="hidden sm:inline">Make default</span>
                    </Button>
                  )}
                  <Button size="xs" variant="ghost" onClick={() => setEditing(d)} aria-label={`Edit the brand of ${d.domain}`}>
                    <Palette className="size-4" aria-hidden="true" /> <span className="hidden sm:inline">Edit brand</span>
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${d.domain}`}
                    onClick={() =>
                      confirm({
                        icon: <Trash2 className="size-5 text-red-600" />,
                        title: `Remove ${d.domain}?`,
                        message: 'People opening the app on this domain no longer see your brand.',
                        confirmText: 'Remove',
                        confirmColor: 'danger',
                        onConfirm: async () => {
                          await remove.mutateAsync(d).catch(() => undefined);
                        },
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && <DomainDialog target={target} domain={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function DomainDialog({ target, domain, onClose }: { target: number | null; domain: DomainItem | null; onClose: () => void }) {
  const [form, setForm] = useState({
    domain: domain?.domain ?? '',
    name: domain?.name ?? '',
    image: domain?.image ?? '',
    primary: domain?.settings.colors?.primary ?? '#4f46e5',
    accent: domain?.settings.colors?.accent ?? '#0ea5e9',
    supportUrl: domain?.settings.supportUrl ?? '',
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    if (k === 'domain') setLocalError(null);
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };
  const save = useSaveDomain(
    target,
    {
      ...(domain ? { id: domain.id } : {}),
      domain: form.domain,
      name: form.name || null,
      image: form.image || null,
      settings: { colors: { primary: form.primary, accent: form.accent }, supportUrl: form.supportUrl || null },
    },
    { success: domain ? 'Brand saved' : 'Domain added', onSuccess: onClose },
  );
  const err = save.error;
  const other = otherError(err, 'domain', 'name', 'image', 'settings');
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={domain ? `Brand on ${domain.domain}` : 'Add a domain'}
      description="Point the domain’s DNS (a CNAME record) at this service, then add it here."
      size="md"
      footer={<FormFooter form="domain-form" label={domain ? 'Save brand' : 'Add domain'} loading={save.isPending} onCancel={onClose} />}
    >
      <form
        id="domain-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!normalizeDomain(form.domain)) {
            setLocalError('Please enter a valid domain name, like app.yourbrand.com.');
            return;
          }
          setLocalError(null);
          save.mutate(undefined);
        }}
      >
        <TextField
          label="Domain"
          value={form.domain}
          onChange={set('domain')}
          placeholder="app.yourbrand.com"
          error={localError ?? fieldError(err, 'domain')}
          autoFocus
          inputMode="url"
          autoCapitalize="none"
        />
        <TextField
          label="Brand name"
          value={form.name}
          onChange={set('name')}
          placeholder="Defaults to the account name"
          error={fieldError(err, 'name')}
          maxLength={120}
        />
        <TextField
          label="Logo address"
          value={form.image}
          onChange={set('image')}
          placeholder="https://yourbrand.com/logo.png"
          error={fieldError(err, 'image')}
          hint="Defaults to the account’s profile picture."
        />
        <div className="grid grid-cols-2 gap-4">
          <ColorField label="Main colour" value={form.primary} onChange={(v) => setForm((f) => ({ ...f, primary: v }))} />
          <ColorField label="Accent colour" value={form.accent} onChange={(v) => setForm((f) => ({ ...f, accent: v }))} />
        </div>
        <TextField
          label="Support page"
          value={form.supportUrl}
          onChange={set('supportUrl')}
          placeholder="https://help.yourbrand.com"
          hint="Where the Help button leads. Empty: the built-in support form."
          error={fieldError(err, 'settings')}
        />
        <FormError error={other} />
      </form>
    </Dialog>
  );
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = `color-${label.replace(/\W/g, '')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <span className="font-mono text-sm text-slate-600">{value}</span>
      </div>
    </div>
  );
}
