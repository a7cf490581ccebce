import { useState } from 'react';
import { confirm } from '../../../shell/confirm.tsx';
import { Button } from '../../../ui/index.ts';
import { useDeleteWebhook, useSetWebhookActive, useTestWebhook, type WebhookEndpoint } from '../api.ts';
import { DeliveryList } from './DeliveryList.tsx';

/** One endpoint: its URL, events, state; test, pause or resume, delete; its recent deliveries. */
export function WebhookItem({ webhook, target }: { webhook: WebhookEndpoint; target: number | null }) {
  const [showLog, setShowLog] = useState(false);
  const test = useTestWebhook(target, webhook.id);
  const remove = useDeleteWebhook(target);
  const setActive = useSetWebhookActive(target);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 break-all text-sm font-semibold text-slate-900">{webhook.url}</p>
        <span
          className={
            webhook.active
              ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800'
              : 'rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-900'
          }
        >
          {webhook.active ? 'Active' : 'Paused'}
        </span>
      </div>
      {webhook.description && <p className="text-sm text-slate-600">{webhook.description}</p>}
      <p className="mt-1 text-xs text-slate-500">
        {webhook.events.join(', ')} · secret {webhook.secretHint}
      </p>
      {webhook.pausedReason && <p className="mt-1 text-sm text-amber-900">{webhook.pausedReason}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="xs" variant="secondary" loading={test.isPending} onClick={() => test.mutate(undefined)} disabled={!webhook.active}>
          Send test
        </Button>
        <Button size="xs" variant="ghost" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Recent deliveries'}
        </Button>
        <Button size="xs" variant="ghost" onClick={() => setActive.mutate({ id: webhook.id, active: !webhook.active })}>
          {webhook.active ? 'Pause' : 'Resume'}
        </Button>
        <Button
          size="xs"
          variant="ghost"
          loading={remove.isPending}
          onClick={async () => {
            if (await confirm({ title: 'Delete this webhook?', message: webhook.url, confirmText: 'Delete', confirmColor: 'danger' }))
              remove.mutate(webhook.id);
          }}
        >
          Delete
        </Button>
      </div>
      {showLog && (
        <div className="mt-3">
          <DeliveryList target={target} id={webhook.id} />
        </div>
      )}
    </li>
  );
}
