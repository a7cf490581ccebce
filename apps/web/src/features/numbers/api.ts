import { useQuery } from '@tanstack/react-query';
import type { AvailableNumberInfo, PhoneNumberInfo } from '@switchboard/core/contracts/numbers';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

export type { AvailableNumberInfo, PhoneNumberInfo };

const tgt = (target: number | null) => (target == null ? false : target);
export const numberKeys = { all: ['numbers'] as const, list: (target: number | null) => ['numbers', 'list', target ?? 'self'] as const };
/** Buying or releasing a number changes the account (vidaPhoneNumber, smsEnabled) too. */
const changed = [numberKeys.all, ['account']];

export type SearchBy =
  | { kind: 'prefix'; prefix: string; country: string; strict: boolean }
  | { kind: 'locality'; city: string; region: string; country: string }
  | { kind: 'phrase'; phrase: string; city?: string; region?: string; country: string };

function searchNumbers(target: number | null, q: SearchBy) {
  const { kind, ...body } = q;
  return api<{ numbers: AvailableNumberInfo[] }>(`/api/v2/phoneNumber/search/local/${kind}`, { method: 'POST', target: tgt(target), body });
}

export function useNumbers(target: number | null, enabled = true) {
  return useQuery({
    queryKey: numberKeys.list(target),
    queryFn: ({ signal }) => api<{ phoneNumbers: PhoneNumberInfo[] }>('/api/v2/phoneNumbers', { target: tgt(target), signal }),
    enabled,
  });
}

export function useBuyNumber(target: number | null, onSuccess?: (n: PhoneNumberInfo) => void) {
  return useAppMutation(
    (p: { number: string; country: string }) =>
      api<{ phoneNumber: PhoneNumberInfo }>('/api/v2/phoneNumber/assign', { method: 'POST', target: tgt(target), body: p }),
    {
      success: (r) => `${r.phoneNumber.number} is yours.`,
      invalidate: changed,
      onSuccess: (r) => onSuccess?.(r.phoneNumber),
      toastErrors: false,
    },
  );
}

export function useReleaseNumber(target: number | null, onSuccess?: () => void) {
  return useAppMutation((number: string) => api('/api/v2/phoneNumber/release', { method: 'POST', target: tgt(target), body: { number } }), {
    success: 'The number was released.',
    invalidate: changed,
    onSuccess,
  });
}

export function useRouteNumber(target: number | null) {
  return useAppMutation(
    (p: { number: string; agentId?: number | null; smsEnabled?: boolean }) =>
      api<{ phoneNumber: PhoneNumberInfo }>('/api/v2/phoneNumber/route', { method: 'POST', target: tgt(target), body: p }),
    { success: 'Saved.', invalidate: changed },
  );
}

export function useByoAssign(target: number | null, onSuccess?: (r: { phoneNumber: PhoneNumberInfo; method: 'sms' | 'call' }) => void) {
  return useAppMutation(
    (p: { number: string; method: 'sms' | 'call' }) =>
      api<{ phoneNumber: PhoneNumberInfo; method: 'sms' | 'call'; expiresAt: number }>('/api/v2/phoneNumber/byo/assign', {
        method: 'POST',
        target: tgt(target),
        body: p,
      }),
    {
      success: (r) => (r.method === 'call' ? 'We are calling the number with your code.' : 'We texted the code to the number.'),
      invalidate: [numberKeys.all],
      onSuccess,
      toastErrors: false,
    },
  );
}

export function useByoVerify(target: number | null, onSuccess?: (n: PhoneNumberInfo) => void) {
  return useAppMutation(
    (p: { number: string; code: string }) =>
      api<{ phoneNumber: PhoneNumberInfo }>('/api/v2/phoneNumber/byo/verify', { method: 'POST', target: tgt(target), body: p }),
    { success: 'Number verified.', invalidate: changed, onSuccess: (r) => onSuccess?.(r.phoneNumber), toastErrors: false },
  );
}

export function useByoRoute(target: number | null, onSuccess?: (n: PhoneNumberInfo) => void) {
  return useAppMutation(
    (p: { number: string; routing: 'forwarding' | 'sip' }) =>
      api<{ phoneNumber: PhoneNumberInfo }>('/api/v2/phoneNumber/byo/route', { method: 'POST', target: tgt(target), body: p }),
    { success: 'Routing saved.', invalidate: [numberKeys.all], onSuccess: (r) => onSuccess?.(r.phoneNumber) },
  );
}

export interface CarrierCodes {
  id: string;
  name: string;
  unconditional: { enable: string; disable: string };
  conditional: { enable: string; disable: string; note?: string };
}

export function useForwardingInstructions(target: number | null, number?: string) {
  return useQuery({
    queryKey: ['numbers', 'forwarding', target ?? 'self', number ?? ''],
    queryFn: ({ signal }) =>
      api<{ forwardTo: string | null; carriers: CarrierCodes[] }>('/api/v1/forwardingInstructions', {
        target: tgt(target),
        signal,
        query: { number },
      }),
  });
}

export interface ForwardingResult {
  verified: boolean;
  outcome: 'success' | 'no_call' | 'wrong_number';
  expected: string;
  seen: string | null;
  message: string;
}

export function useVerifyForwarding(target: number | null, onSuccess?: (r: ForwardingResult) => void) {
  return useAppMutation(
    (p: { phoneNumber: string; number?: string }) =>
      api<ForwardingResult>('/api/v1/verifyCellForwarding', { method: 'POST', target: tgt(target), body: p }),
    { onSuccess, toastErrors: false },
  );
}

/** Numbers for sale that match a search (the picker says a failure next to the form). */
export function useSearchNumbers(target: number | null) {
  return useAppMutation((q: SearchBy) => searchNumbers(target, q), { toastErrors: false });
}
