import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@switchboard/core/contracts/search';
import { api } from '../../api/client.ts';

/** GET /api/v1/enhancedSearch/{text}: accounts of the acting account's tree, contacts and messages. */
export function useSearch(text: string, target: number | null) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', target ?? 'self', q],
    queryFn: ({ signal }) => api<SearchResponse>(`/api/v1/enhancedSearch/${encodeURIComponent(q)}`, { target: target ?? false, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
