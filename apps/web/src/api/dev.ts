import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** One message the local e-mail and SMS providers kept. */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  status: string;
  error: string | null;
  createdAt: number;
}

export const devKeys = {
  outbox: (addresses: string[] | null) => ['dev', 'outbox', addresses] as const,
};

/**
 * GET /api/dev/outbox: the newest 20 messages the local e-mail and SMS providers kept (to one address,
 * or all). Only local providers keep an outbox; with real ones it answers 404.
 */
function readOutbox(to: string | undefined, signal?: AbortSignal) {
  return api<{ messages: OutboxMessage[] }>('/api/dev/outbox', { query: { limit: 20, ...(to ? { to } : {}) }, anonymous: true, signal });
}

/**
 * The local outbox of the debug overlay, refreshed every 3 s: every message (addresses null), or the
 * newest 20 sent to the given addresses (none given: nothing is read).
 */
export function useOutbox(addresses: string[] | null) {
  return useQuery({
    queryKey: devKeys.outbox(addresses),
    queryFn: async ({ signal }) => {
      const read = (to?: string) => readOutbox(to, signal);
      if (addresses == null) return read();
      const pages = await Promise.all(addresses.map((a) => read(a)));
      return {
        messages: pages
          .flatMap((p) => p.messages)
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, 20),
      };
    },
    enabled: addresses == null || addresses.length > 0,
    refetchInterval: 3000,
    retry: false,
  });
}
