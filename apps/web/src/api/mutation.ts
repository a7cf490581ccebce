import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notify } from '../shell/toast.tsx';
import { ApiError } from './client.ts';

/** Components read errors through here (they never import the client: they call their feature's api.ts). */
export { ApiError };
export type { QueryValue } from './client.ts';

/** A failed call in words: the field's message without its prefix, else the message. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.fieldMessage;
  return e instanceof Error ? e.message : 'Something went wrong.';
}

/** The error for one field of a form, from a failed call. */
export function fieldError(e: unknown, ...fields: string[]): string | null {
  if (e instanceof ApiError && e.field && fields.some((f) => e.field === f || e.field!.startsWith(`${f}.`))) return e.fieldMessage;
  return null;
}

/** A failed call's words when it names none of the form's fields (the form shows it as a whole, not at a field). */
export function otherError(e: unknown, ...fields: string[]): string | null {
  return e && !fieldError(e, ...fields) ? errorText(e) : null;
}

/** Whether a failed call names a field (the form shows it there rather than in a toast). */
export const isFieldError = (e: unknown): boolean => e instanceof ApiError && !!e.field;

/**
 * The one mutation hook of the app: runs the call, refreshes the queries it names (`invalidate`), says
 * what happened in a toast (`success` text, or the server's message) and leaves field errors to the form.
 */
export function useAppMutation<V, R = Record<string, unknown>>(
  fn: (vars: V) => Promise<R>,
  opts: { success?: string | ((r: R) => string); onSuccess?: (r: R) => void; toastErrors?: boolean; invalidate?: QueryKey[] } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r) => {
      await Promise.all((opts.invalidate ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })));
      const text = typeof opts.success === 'function' ? opts.success(r) : opts.success;
      if (text) notify.success(text);
      opts.onSuccess?.(r);
    },
    onError: (e) => {
      if (opts.toastErrors !== false && !isFieldError(e)) notify.error(errorText(e));
    },
  });
}
