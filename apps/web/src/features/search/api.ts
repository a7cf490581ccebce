import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccountListItem } from '@switchboard/core/contracts/accounts';
import { api } from '../../api/client.ts';

export interface SearchResult {
  accounts: AccountListItem[];
  contacts: { roomId: string; uuid: string; username: string; address: string | null; channel: string; lastMessageTimestamp: number }[];
  messages?: { id: number; body: string; roomId: string; username: string; createdAt: number }[];
}

/** GET /api/v1/enhancedSearch/{text}: accounts of the acting account's tree, contacts and messages. */
export function useSearch(text: string, target: number | null) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', target ?? 'self', q],
    queryFn: ({ signal }) => api<SearchResult>(`/api/v1/enhancedSearch/${encodeURIComponent(q)}`, { target: target ?? false, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
