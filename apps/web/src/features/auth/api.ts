import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../api/session.ts';

/** The sign-up and sign-in calls (spec §2 "Sign-in"): all anonymous, the session comes from verify. */
const authCalls = {
  signUpEmail: (body: { email: string; name?: string; businessName?: string; ref?: string }) =>
    api('/api/v1/signup/email', { body, anonymous: true }),
  signInEmail: (email: string) => api('/api/v1/signin/email', { body: { email }, anonymous: true }),
  /** `ref`: the invite link's referral code (`/app/signup?ref=`), which attributes a new sign-up to its invitation. */
  signInPhone: (phoneNumber: string, ref?: string) => api('/api/v1/signin/phoneNumber', { body: { phoneNumber, ref }, anonymous: true }),
  verifyEmail: (email: string, verificationCode: string, mobile: boolean) =>
    api<SessionResponse>('/api/v1/email/verify', { body: { email, verificationCode, mobile }, anonymous: true }),
  verifyPhone: (phoneNumber: string, verificationCode: string, mobile: boolean) =>
    api<SessionResponse>('/api/v1/signin/phoneNumber/verify', { body: { phoneNumber, verificationCode, mobile }, anonymous: true }),
  /** Whether the local outbox exists (local providers; 404 once real e-mail and SMS are set up). */
  outboxAvailable: (signal?: AbortSignal) =>
    api('/api/dev/outbox', { query: { limit: 1 }, anonymous: true, signal }).then(
      () => true,
      () => false,
    ),
};

export const authKeys = { outboxAvailable: ['dev', 'outbox', 'available'] as const };

/** The sign-up and sign-in calls, and `clearQueries` (a new session starts with an empty query cache). */
export function useAuthCalls() {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      signUpEmail: authCalls.signUpEmail,
      signInEmail: authCalls.signInEmail,
      signInPhone: authCalls.signInPhone,
      verifyEmail: authCalls.verifyEmail,
      verifyPhone: authCalls.verifyPhone,
      clearQueries: () => qc.clear(),
    }),
    [qc],
  );
}

/** Whether the local outbox exists (only while the local providers keep one). */
export function useOutboxAvailable() {
  return useQuery({ queryKey: authKeys.outboxAvailable, queryFn: ({ signal }) => authCalls.outboxAvailable(signal), staleTime: Infinity });
}
