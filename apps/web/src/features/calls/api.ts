import { useQuery } from '@tanstack/react-query';
import type { Call, CallTurn } from '@switchboard/core/contracts/calls';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

export type { Call, CallTurn };

/** What POST /api/v1/calls/web answers: the call and the ticket its media stream starts with. */
export interface PlacedCall {
  success: true;
  call: Call;
  streamUrl: string;
  ticket: string;
}

const tgt = (target: number | null) => (target == null ? false : target);

export const callKeys = {
  list: (target: number | null) => ['calls', 'list', target ?? 'self'] as const,
};

/** The media WebSocket of calls (Twilio Media Streams protocol) on this server. */
export const mediaSocketUrl = (): string => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/calls/media`;

/** The AudioWorklet module that captures the microphone (apps/web/public). */
export const CAPTURE_WORKLET_URL = '/calls-capture-worklet.js';

/** Starts a web test call with the acting agent (its staging copy). */
export function useStartWebCall(target: number | null) {
  return useAppMutation(() => api<PlacedCall>('/api/v1/calls/web', { method: 'POST', target: tgt(target), body: {} }), {
    invalidate: [callKeys.list(target)],
  });
}

export function useCalls(target: number | null) {
  return useQuery({
    queryKey: callKeys.list(target),
    queryFn: ({ signal }) => api<{ calls: Call[]; total: number }>('/api/v1/calls', { target: tgt(target), signal }),
  });
}
