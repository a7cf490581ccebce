import type { AppIdentityFields } from '@switchboard/core/contracts/device';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../shell/toast.tsx';
import { Button, ErrorState, Input, LoadingBlock, TextField, Field } from '../../../ui/index.ts';
import { callError, useAppIdentity, useSaveAppIdentity, type AppIdentityAnswer, type AppKind } from '../api.ts';
import { AppPreview } from './AppPreview.tsx';

type Form = Record<'name' | 'shortName' | 'icon' | 'themeColor' | 'iosUrl' | 'androidUrl' | 'feedbackEmail' | 'salesEmail', string>;

function formOf(a: AppIdentityAnswer): Form {
  const i = a.identity;
  return {
    name: i.name ?? '',
    shortName: i.shortName ?? '',
    icon: i.icon ?? '',
    themeColor: i.themeColor ?? '',
    iosUrl: i.iosUrl ?? '',
    androidUrl: i.androidUrl ?? '',
    feedbackEmail: i.feedbackEmail ?? '',
    salesEmail: i.salesEmail ?? '',
  };
}

/** The brand's app identity (`orgApp`, `resellerApp`): edited, checked by the server, saved, previewed. */
export function AppIdentityForm({ kind, target, onDone }: { kind: AppKind; target: number | null; onDone: () => void }) {
  const identity = useAppIdentity(kind, target);
  if (identity.isPending) return <LoadingBlock label="Loading the app identity" />;
  if (identity.isError) {
    return <ErrorState title="This app identity cannot be opened here" message={callError(identity.error)?.message} />;
  }
  return <Editor kind={kind} target={target} answer={identity.data} onDone={onDone} />;
}

function Editor({ kind, target, answer, onDone }: { kind: AppKind; target: number | null; answer: AppIdentityAnswer; onDone: () => void }) {
  const [form, setForm] = useState<Form>(() => formOf(answer));
  const save = useSaveAppIdentity(kind, target);
  const err = callError(save.error);
  const fieldError = (f: keyof Form) => (err?.field === f ? err.message : undefined);
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const d = answer.defaults;

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: AppIdentityFields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim() || null]));
    save.mutate(body, {
      onSuccess: () => {
        notify.success('App identity saved');
        onDone();
      },
    });
  }

  return (
    <form id="app-identity-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <AppPreview
        name={form.name || d.name}
        icon={form.icon || d.icon}
        themeColor={/^#[0-9a-f]{6}$/i.test(form.themeColor) ? form.themeColor : d.themeColor}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="App name"
          value={form.name}
          onChange={set('name')}
          placeholder={d.name}
          maxLength={45}
          error={fieldError('name')}
          data-autofocus
        />
        <TextField
          label="Short name"
          hint="Under the icon; 12 characters at most."
          value={form.shortName}
          onChange={set('shortName')}
          maxLength={12}
          error={fieldError('shortName')}
        />
      </div>
      <TextField
        label="Icon address"
        hint="A square PNG of at least 512 × 512 px, at https://… or an uploaded /files/… image."
        value={form.icon}
        onChange={set('icon')}
        placeholder={d.icon ?? 'https://…/icon-512.png'}
        error={fieldError('icon')}
      />
      <Field label="Theme colour" error={fieldError('themeColor')} hint="The colour of the app’s title bar and splash screen.">
        {(a11y) => (
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Pick the theme colour"
              value={/^#[0-9a-f]{6}$/i.test(form.themeColor) ? form.themeColor : d.themeColor}
              onChange={set('themeColor')}
              className="h-10 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
            <Input
              {...a11y}
              value={form.themeColor}
              onChange={set('themeColor')}
              placeholder={d.themeColor}
              maxLength={7}
              className="max-w-32 font-mono"
            />
          </div>
        )}
      </Field>
      <TextField
        label="App Store address"
        type="url"
        value={form.iosUrl}
        onChange={set('iosUrl')}
        placeholder="https://apps.apple.com/app/…"
        error={fieldError('iosUrl')}
      />
      <TextField
        label="Google Play address"
        type="url"
        value={form.androidUrl}
        onChange={set('androidUrl')}
        placeholder="https://play.google.com/store/apps/details?id=…"
        error={fieldError('androidUrl')}
      />
      {kind === 'reseller' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Feedback goes to"
            type="email"
            value={form.feedbackEmail}
            onChange={set('feedbackEmail')}
            placeholder="Your support e-mail"
            error={fieldError('feedbackEmail')}
          />
          <TextField
            label="Sales enquiries go to"
            type="email"
            value={form.salesEmail}
            onChange={set('salesEmail')}
            placeholder="Your support e-mail"
            error={fieldError('salesEmail')}
          />
        </div>
      )}
      {err && !err.field && (
        <p role="alert" className="text-sm text-red-700">
          {err.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save app identity
        </Button>
      </div>
    </form>
  );
}
