import { useQueryClient } from '@tanstack/react-query';
import { joinAppPath, type AppPathStep } from '@switchboard/core/rules/appPath';
import { useEffect } from 'react';
import { api } from './client.ts';
import { accountKey, type AccountView } from './hooks.ts';

/** The key under which the last opened child of a parent is kept: the parent as `type:id`, or 'root'. */
export function lastAccountParentKey(path: readonly AppPathStep[]): string {
  const parent = joinAppPath(path.slice(0, -1));
  return parent[parent.length - 1] ?? 'root';
}

/** settings.lastAccountId with this path's account recorded under its parent; null when unchanged. */
export function nextLastAccountIds(
  settings: Record<string, unknown> | undefined,
  path: readonly AppPathStep[],
): Record<string, number> | null {
  const last = path[path.length - 1];
  if (!last) return null;
  const current = (settings?.lastAccountId ?? {}) as Record<string, number>;
  const key = lastAccountParentKey(path);
  if (current[key] === last.id) return null;
  return { ...current, [key]: last.id };
}

/**
 * Remembers the last opened account per parent in the signed-in user's `settings.lastAccountId`
 * (the account routes of the app). A failed save is only logged; the local copy is updated regardless (spec §7).
 */
export function useRememberLastAccount(self: AccountView | undefined, path: readonly AppPathStep[], opened: boolean) {
  const queryClient = useQueryClient();
  const key = path.map((s) => `${s.type}:${s.id}`).join('/');
  useEffect(() => {
    if (!self || !opened) return;
    const next = nextLastAccountIds(self.settings, path);
    if (!next) return;
    queryClient.setQueryData<AccountView>(accountKey(null), (old) =>
      old ? { ...old, settings: { ...old.settings, lastAccountId: next } } : old,
    );
    api('/api/v1/accountSetting', { body: { settings: { lastAccountId: next } }, target: false }).catch((e: unknown) =>
      console.error('Could not save lastAccountId', e),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [self?.id, key, opened]);
}
