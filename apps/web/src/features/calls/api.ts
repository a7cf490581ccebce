import { useQuery } from '@tanstack/react-query';
import type { Call, CallTurn, CallTurnTiming } from '@switchboard/core/contracts/calls';
import { api, buildUrl } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

export type { Call, CallTurn, CallTurnTiming };

/** What POST /api/v1/calls/web answers: the call and the ticket its media stream starts with. */
export interface PlacedCall {
  success: true;
  call: Call;
  streamUrl: string;
  ticket: string;
}

const tgt = (target: number | null) => (target == null ? false : target);

export interface CallFilter {
  direction?: Call['direction'];
  status?: Call['status'];
  agentId?: number;
  number?: string;
  dateFrom?: string;
  dateTo?: string;
}

export const callKeys = {
  all: ['calls'] as const,
  list: (target: number | null, filter: CallFilter = {}) => ['calls', 'list', target ?? 'self', filter] as const,
};

/** A recording's URL with the session's token and acting account (the audio element cannot send headers). */
export const recordingUrl = (url: string, target: number | null): string => buildUrl(url, { target: target ?? undefined });

/** The media WebSocket of calls (Twilio Media Streams protocol) on this server. */
export const mediaSocketUrl = (): string => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/calls/media`;

/** Starts a web test call with the acting agent (its staging copy). */
export function useStartWebCall(target: number | null) {
  return useAppMutation(() => api<PlacedCall>('/api/v1/calls/web', { method: 'POST', target: tgt(target), body: {} }), {
    invalidate: [callKeys.all],
  });
}

/** The organization's agents, for the call log's agent filter (an agent acting sees none: its calls are its own). */
export function useCallAgents(target: number | null) {
  return useQuery({
    queryKey: ['calls', 'agents', target ?? 'self'],
    queryFn: ({ signal }) =>
      api<{ accounts: { id: number; displayName: string; username: string }[] }>('/api/v2/listAccounts', {
        target: tgt(target),
        signal,
        query: { page: 0, pageSize: 100 },
      }),
    retry: false,
    select: (d) => d.accounts.map((a) => ({ id: a.id, name: a.displayName || a.username })),
  });
}

/** Places an outbound call from the organization's number (the inbox's Call). */
export function usePlaceCall(target: number | null) {
  return useAppMutation(
    (input: { to: string; idempotencyKey: string }) =>
      api<PlacedCall>('/api/v1/calls', { method: 'POST', target: tgt(target), body: input }),
    { invalidate: [callKeys.all] },
  );
}

/** The call log, newest first; live calls refresh every 3 s. */
export function useCalls(target: number | null, filter: CallFilter = {}) {
  return useQuery({
    queryKey: callKeys.list(target, filter),
    queryFn: ({ signal }) => api<{ calls: Call[]; total: number }>('/api/v1/calls', { target: tgt(target), signal, query: { ...filter } }),
    refetchInterval: (q) => (q.state.data?.calls.some((c) => c.status === 'in-progress' || c.status === 'ringing') ? 3000 : false),
  });
}

/** Staff take a live call over: the agent leaves it. */
export function useTakeOverCall(target: number | null) {
  return useAppMutation(
    (callId: string) => api<{ call: Call }>(`/api/v1/calls/${callId}/kick`, { method: 'POST', target: tgt(target), body: {} }),
    {
      success: 'The agent left the call.',
      invalidate: [callKeys.all],
    },
  );
}

export function useHangUpCall(target: number | null) {
  return useAppMutation(
    (callId: string) => api<{ call: Call }>(`/api/v1/calls/${callId}/hangup`, { method: 'POST', target: tgt(target), body: {} }),
    {
      success: 'Call ended.',
      invalidate: [callKeys.all],
    },
  );
}
