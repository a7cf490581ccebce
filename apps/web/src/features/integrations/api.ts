import { useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '@switchboard/core/contracts/integrations';
import type { WebhookDelivery, WebhookEndpoint } from '@switchboard/core/contracts/webhooks';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';
import { tgt } from '../accounts/api.ts';

/**
 * The integrations feature's calls (the only file here with URL paths): the integrations catalog and
 * connections (`/api/v2/integrations`, `/api/v2/integration/{slug}`) and outbound webhooks (`/api/v2/webhooks`).
 * `target` is the acting account (null: the signed-in one).
 */
export type Integration = Omit<IntegrationView, 'success'>;
export type { WebhookDelivery, WebhookEndpoint };

const keys = {
  integrations: (target: number | null) => ['integrations', 'list', target ?? 'self'] as const,
  webhooks: (target: number | null) => ['integrations', 'webhooks', target ?? 'self'] as const,
  deliveries: (target: number | null, id: number) => ['integrations', 'deliveries', target ?? 'self', id] as const,
};

export function useIntegrations(target: number | null) {
  return useQuery({
    queryKey: keys.integrations(target),
    queryFn: ({ signal }) => api<{ integrations: Integration[] }>('/api/v2/integrations', { target: tgt(target), signal }),
  });
}

export function useConnectIntegration(target: number | null, name: string) {
  return useAppMutation(
    (v: { slug: string; appData: Record<string, unknown> }) =>
      api<Integration>(`/api/v2/integration/${v.slug}`, { target: tgt(target), body: { appData: v.appData } }),
    {
      invalidate: [keys.integrations(target), ['agents']],
      success: (r) => (r.health.lastError ? `${name} saved, but the check failed` : `${name} connected`),
    },
  );
}

export function useDisconnectIntegration(target: number | null, name: string) {
  return useAppMutation((slug: string) => api(`/api/v2/integration/${slug}`, { target: tgt(target), method: 'DELETE' }), {
    invalidate: [keys.integrations(target), ['agents']],
    success: `${name} disconnected`,
  });
}

export function useCheckIntegration(target: number | null) {
  return useAppMutation(
    (slug: string) =>
      api<{ valid: boolean; status: number | null; message?: string }>(`/api/v2/integration/${slug}/check`, {
        target: tgt(target),
        method: 'POST',
      }),
    {
      invalidate: [keys.integrations(target)],
      success: (r) => (r.valid ? 'The connection works' : `The check failed${r.status ? ` (${r.status})` : ''}`),
    },
  );
}

export function useWebhooks(target: number | null) {
  return useQuery({
    queryKey: keys.webhooks(target),
    queryFn: ({ signal }) => api<{ webhooks: WebhookEndpoint[]; events: string[] }>('/api/v2/webhooks', { target: tgt(target), signal }),
  });
}

export function useCreateWebhook(target: number | null) {
  return useAppMutation(
    (v: { url: string; events: string[]; description?: string }) =>
      api<{ webhook: WebhookEndpoint; secret: string }>('/api/v2/webhooks', { target: tgt(target), body: v }),
    { invalidate: [keys.webhooks(target)], success: 'Webhook added' },
  );
}

export function useDeleteWebhook(target: number | null) {
  return useAppMutation((id: number) => api(`/api/v2/webhooks/${id}`, { target: tgt(target), method: 'DELETE' }), {
    invalidate: [keys.webhooks(target)],
    success: 'Webhook deleted',
  });
}

export function useSetWebhookActive(target: number | null) {
  return useAppMutation(
    (v: { id: number; active: boolean }) => api(`/api/v2/webhooks/${v.id}/active`, { target: tgt(target), body: { active: v.active } }),
    { invalidate: [keys.webhooks(target)], success: 'Webhook updated' },
  );
}

export function useTestWebhook(target: number | null, id: number) {
  return useAppMutation(() => api(`/api/v2/webhooks/${id}/test`, { target: tgt(target), method: 'POST' }), {
    invalidate: [keys.deliveries(target, id)],
    success: 'Test event queued',
  });
}

export function useReplayDelivery(target: number | null, id: number) {
  return useAppMutation(
    (deliveryId: number) => api(`/api/v2/webhooks/${id}/deliveries/${deliveryId}/replay`, { target: tgt(target), method: 'POST' }),
    { invalidate: [keys.deliveries(target, id)], success: 'Delivery queued again' },
  );
}

/** The recent deliveries, refreshed every 5 s while shown (they go out from the job queue). */
export function useDeliveries(target: number | null, id: number) {
  return useQuery({
    queryKey: keys.deliveries(target, id),
    queryFn: ({ signal }) => api<{ deliveries: WebhookDelivery[] }>(`/api/v2/webhooks/${id}/deliveries`, { target: tgt(target), signal }),
    refetchInterval: 5000,
  });
}
