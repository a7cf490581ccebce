import type { Send } from './send.ts';
import { useState } from 'react';
import { type OnboardingState } from '@switchboard/core/rules/onboarding';
import { Button, Field, Input } from '../../../../ui/index.ts';
import { useSaveIntegration } from '../../api.ts';

export function IntegrationsStep({
  state,
  send,
  template,
  target,
}: {
  state: OnboardingState;
  send: Send;
  template: { templateIntegrations: { slug: string; name: string; description?: string }[] } | null;
  target: number | null;
}) {
  const list = template?.templateIntegrations ?? [];
  const i = Math.min(state.integrationIndex, Math.max(0, list.length - 1));
  const item = list[i];
  const [value, setValue] = useState('');
  const saveIntegration = useSaveIntegration(target);
  const next = () =>
    i + 1 < list.length ? send({ type: 'SET_INTEGRATION_INDEX', integrationIndex: i + 1 }) : send({ type: 'FINISH_TEMPLATE_FIELDS' });
  if (!item) {
    return <Button onClick={() => send({ type: 'FINISH_TEMPLATE_FIELDS' })}>Continue</Button>;
  }
  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (value.trim()) await saveIntegration.mutateAsync({ slug: item.slug, appData: { account: value.trim(), enabled: true } });
        setValue('');
        next();
      }}
    >
      <p className="text-xs font-medium text-slate-500">
        Integration {i + 1} of {list.length}
      </p>
      <p className="font-semibold text-slate-900">{item.name}</p>
      {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
      <Field label={`${item.name} account (optional)`}>
        {(a11y) => <Input {...a11y} value={value} onChange={(e) => setValue(e.target.value)} placeholder="e.g. you@business.com" />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit">{value.trim() ? 'Connect and continue' : 'Skip for now'}</Button>
      </div>
    </form>
  );
}
