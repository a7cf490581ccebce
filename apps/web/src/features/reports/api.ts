import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LogEntry, LogKind } from '@switchboard/core/contracts/logs';
import type { CampaignStats, UsageResponse } from '@switchboard/core/contracts/stats';
import type { UsageFrequency } from '@switchboard/core/rules/usage';
import { ApiError, api, buildUrl } from '../../api/client.ts';

export type { CampaignStats, LogEntry, LogKind, UsageResponse, UsageFrequency };

const USAGE_PATH = '/api/v2/stats/usage';
const LOGS_PATH = '/api/v2/logs';

export interface UsageParams {
  startDate: string;
  endDate: string;
  frequency: UsageFrequency;
}

/** GET /api/v2/stats/usage for the acting account (spec §7): results keyed by item, costs in micro-USD. */
export function useUsage(p: UsageParams) {
  return useQuery({
    queryKey: ['reports', 'usage', p],
    queryFn: ({ signal }) =>
      api<UsageResponse>(USAGE_PATH, { signal, query: { ...p, giveCosts: true, combineCosts: true, timeseries: true } }),
  });
}

/** POST /api/v1/stats/campaigns: each agent's figures per day between two dates (at most 92 days). */
export function useCampaignStats(range: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: ['reports', 'campaigns', range],
    queryFn: ({ signal }) => api<{ stats: CampaignStats[] }>('/api/v1/stats/campaigns', { method: 'POST', signal, body: range }),
  });
}

export interface LogFilters {
  kind?: LogKind | '';
  text?: string;
  status?: string;
  contact?: string;
  /** Epoch ms, inclusive. */
  startTime?: number;
  /** Epoch ms, exclusive. */
  endTime?: number;
}

const LOG_PAGE = 50;
export const LOGS_FAILED = 'Failed to fetch logs';

function logQuery(f: LogFilters) {
  return {
    kind: f.kind || undefined,
    text: f.text || undefined,
    status: f.status || undefined,
    contact: f.contact || undefined,
    startTime: f.startTime,
    endTime: f.endTime,
  };
}

/** GET /api/v2/logs in keyset pages. A failure reads 'Failed to fetch logs' (spec §8); the details go to the console. */
export function useLogs(f: LogFilters) {
  return useInfiniteQuery({
    queryKey: ['reports', 'logs', f],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await api<{ logs: LogEntry[]; nextBefore: number | null }>(LOGS_PATH, {
          signal,
          query: { ...logQuery(f), limit: LOG_PAGE, before: pageParam },
        });
      } catch (e) {
        if (e instanceof ApiError) {
          console.error(`API Error: ${e.status} - ${e.message}`);
          throw new ApiError(LOGS_FAILED, e.status, e.code);
        }
        throw e;
      }
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The address of the CSV file of every log the filters match (the browser downloads it as it streams). */
export function logsCsvUrl(f: LogFilters): string {
  return buildUrl(LOGS_PATH, { query: { ...logQuery(f), format: 'csv' } });
}
