import type { LinksConfig } from '@switchboard/core';
import { fieldError } from '../../../api/mutation.ts';
import { Field, Input, Textarea } from '../../../ui/index.ts';

type Extras = NonNullable<LinksConfig['extras']>;

function Toggle({
  label,
  checked,
  onChange,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-lg p-3 ring-1 ring-slate-200">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      {checked && children && <div className="mt-2">{children}</div>}
    </div>
  );
}

/** Title, description, where the social links go, and the extra buttons (publishing is in the editor's header). */
export function PageSettings({
  config,
  onChange,
  saveError,
}: {
  config: LinksConfig;
  onChange: (patch: Partial<LinksConfig>) => void;
  saveError: unknown;
}) {
  const ex: Extras = config.extras ?? {};
  const setExtra = <K extends keyof Extras>(key: K, patch: Partial<NonNullable<Extras[K]>>) =>
    onChange({ extras: { ...ex, [key]: { enabled: false, ...(ex[key] ?? {}), ...patch } } });
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-3">
      <h2 id="settings-heading" className="text-base font-semibold text-slate-900">
        Page
      </h2>
      <Field label="Page title" hint="Shown in the browser tab and in link previews." error={fieldError(saveError, 'linksConfig.title')}>
        {(p) => <Input {...p} value={config.title ?? ''} maxLength={120} onChange={(e) => onChange({ title: e.target.value })} />}
      </Field>
      <Field label="Description" error={fieldError(saveError, 'linksConfig.description')}>
        {(p) => (
          <Textarea
            {...p}
            rows={2}
            value={config.description ?? ''}
            maxLength={300}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="mb-1 text-sm font-medium text-slate-700">Social links</legend>
        {(['top', 'bottom'] as const).map((p) => (
          <label key={p} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="social-position"
              className="size-4"
              checked={(config.socialLinksPosition ?? 'bottom') === p}
              onChange={() => onChange({ socialLinksPosition: p })}
            />
            {p === 'top' ? 'Above the links' : 'Below the links'}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-2">
        <Toggle label="Talk to our AI agent" checked={!!ex.talkToAgent?.enabled} onChange={(v) => setExtra('talkToAgent', { enabled: v })}>
          <Field label="Agent username (optional)">
            {(p) => (
              <Input
                {...p}
                value={ex.talkToAgent?.agentUsername ?? ''}
                onChange={(e) => setExtra('talkToAgent', { agentUsername: e.target.value || null })}
              />
            )}
          </Field>
        </Toggle>
        <Toggle label="Text us" checked={!!ex.textUs?.enabled} onChange={(v) => setExtra('textUs', { enabled: v })}>
          <Field label="Number (your number when empty)">
            {(p) => (
              <Input
                {...p}
                inputMode="tel"
                value={ex.textUs?.phoneNumber ?? ''}
                onChange={(e) => setExtra('textUs', { phoneNumber: e.target.value || null })}
              />
            )}
          </Field>
        </Toggle>
        <Toggle label="Book a meeting" checked={!!ex.booking?.enabled} onChange={(v) => setExtra('booking', { enabled: v })} />
        <Toggle label="Pay" checked={!!ex.pay?.enabled} onChange={(v) => setExtra('pay', { enabled: v })}>
          <Field label="Pay link" error={fieldError(saveError, 'linksConfig.extras.pay.url')}>
            {(p) => <Input {...p} value={ex.pay?.url ?? ''} onChange={(e) => setExtra('pay', { url: e.target.value || null })} />}
          </Field>
        </Toggle>
      </div>
    </section>
  );
}
