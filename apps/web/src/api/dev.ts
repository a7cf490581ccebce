import { api } from './client.ts';

/**
 * GET /api/dev/outbox: the newest 20 messages the local e-mail and SMS providers kept (to one address,
 * or all). Only local providers keep an outbox; with real ones it answers 404.
 */
export function readOutbox<M>(to: string | undefined, signal?: AbortSignal) {
  return api<{ messages: M[] }>('/api/dev/outbox', { query: { limit: 20, ...(to ? { to } : {}) }, anonymous: true, signal });
}
