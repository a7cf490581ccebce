import { Webhook } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/mutation.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useWebhooks } from '../api.ts';
import { AddWebhookForm } from './AddWebhookForm.tsx';
import { WebhookItem } from './WebhookItem.tsx';
import { ZapSetup } from './ZapSetup.tsx';
import { ZAP_TOOLS, zapTool } from '../zap.ts';

/** Outbound webhooks: the endpoints with their deliveries, and the form to add one. */
export function WebhooksPanel({ target }: { target: number | null }) {
  const list = useWebhooks(target);
  const [params] = useSearchParams();
  const zap = zapTool(params.get('zap'));
  if (list.isLoading) return <LoadingBlock label="Loading webhooks" />;
  if (list.isError) return <ErrorState message={errorText(list.error)} />;
  const items = list.data?.webhooks ?? [];
  return (
    <div className="space-y-3">
      {items.length ? (
        <ul className="space-y-3" aria-label="Webhooks">
          {items.map((w) => (
            <WebhookItem key={w.id} webhook={w} target={target} />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={<Webhook className="size-5" aria-hidden />}
          title="No webhooks yet"
          message="Send conversations and messages to your own software as they happen."
        />
      )}
      {zap && <ZapSetup tool={zap} />}
      <AddWebhookForm
        key={zap ?? ''}
        target={target}
        events={list.data?.events ?? []}
        initialDescription={zap ? ZAP_TOOLS[zap].name : ''}
        autoFocus={!!zap}
      />
    </div>
  );
}
