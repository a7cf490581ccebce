import type { FormBody } from '@switchboard/core/contracts/device';
import { useState, type FormEvent } from 'react';
import { getStoredUser } from '../../../api/session.ts';
import { Button, Field, Textarea, TextField } from '../../../ui/index.ts';
import { callError, useSubmitForm } from '../api.ts';
import { recordFormSubmitted } from '../formsSubmitted.ts';
import { FormSent } from './FormSent.tsx';

const TEAM_SIZES = ['1-10', '11-50', '51-200', '201+'] as const;
type Fields = { name: string; email: string; company: string; phone: string; teamSize: string; message: string };

/** `?form=contact-sales`: who is asking and what for, sent to where the brand takes sales enquiries. */
export function ContactSalesForm({ onClose }: { onClose: () => void }) {
  const user = getStoredUser() as { email?: string | null; name?: string | null } | null;
  const [f, setF] = useState<Fields>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    company: '',
    phone: '',
    teamSize: '',
    message: '',
  });
  const [local, setLocal] = useState<Partial<Record<keyof Fields, string>>>({});
  const submit = useSubmitForm();
  const err = callError(submit.error);
  const fieldError = (k: keyof Fields) => local[k] ?? (err?.field === k ? err.message : undefined);
  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setF((v) => ({ ...v, [k]: e.target.value }));

  if (submit.data) return <FormSent title="Thanks, we will be in touch" to={submit.data.deliveredTo} onClose={onClose} />;

  function send(e: FormEvent) {
    e.preventDefault();
    const missing: Partial<Record<keyof Fields, string>> = {};
    if (!f.name.trim()) missing.name = 'Please enter your name.';
    if (!f.email.trim()) missing.email = 'Please enter your e-mail address.';
    if (!f.message.trim()) missing.message = 'Please say what you are looking for.';
    setLocal(missing);
    if (Object.keys(missing).length) return;
    const body: FormBody = {
      form: 'contact-sales',
      name: f.name.trim(),
      email: f.email.trim(),
      message: f.message,
      company: f.company.trim() || null,
      phone: f.phone.trim() || null,
      teamSize: (f.teamSize || null) as (typeof TEAM_SIZES)[number] | null,
    };
    submit.mutate(body, { onSuccess: () => recordFormSubmitted('contact-sales') });
  }

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={f.name} onChange={set('name')} autoComplete="name" error={fieldError('name')} data-autofocus />
        <TextField
          label="Work e-mail"
          type="email"
          value={f.email}
          onChange={set('email')}
          autoComplete="email"
          error={fieldError('email')}
        />
        <TextField
          label="Company (optional)"
          value={f.company}
          onChange={set('company')}
          autoComplete="organization"
          error={fieldError('company')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          value={f.phone}
          onChange={set('phone')}
          autoComplete="tel"
          error={fieldError('phone')}
        />
      </div>
      <Field label="Team size (optional)" error={fieldError('teamSize')}>
        {(a11y) => (
          <select
            {...a11y}
            value={f.teamSize}
            onChange={set('teamSize')}
            className="block w-full rounded-lg bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
          >
            <option value="">Choose…</option>
            {TEAM_SIZES.map((s) => (
              <option key={s} value={s}>
                {s} people
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="What are you looking for?" error={fieldError('message')}>
        {(a11y) => <Textarea {...a11y} rows={4} value={f.message} onChange={set('message')} maxLength={5000} />}
      </Field>
      {err && (!err.field || err.field === 'form') && (
        <p role="alert" className="text-sm text-red-700">
          {err.message}
        </p>
      )}
      <Button type="submit" className="self-end" loading={submit.isPending}>
        Send to sales
      </Button>
    </form>
  );
}
