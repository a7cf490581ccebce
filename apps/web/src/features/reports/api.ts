import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LogEntry, LogKind } from '@switchboard/core/contracts/logs';
import type { CampaignStats, UsageResponse } from '@switchboard/core/contracts/stats';
import type { UsageFrequency } from '@switchboard/core/rules/usage';
import { ApiError, api, buildUrl, getActingAccount } from '../../api/client.ts';

export type { CampaignStats, LogEntry, LogKind, UsageResponse, UsageFrequency };

const USAGE_PATH = '/api/v2/stats/usage';
const LOGS_PATH = '/api/v2/logs';

export interface UsageParams {
  startDate: string;
  endDate: string;
  frequency: UsageFrequency;
}

/**
 * Every report query is keyed by the account acted as: the same dates read another account's figures
 * when the app acts as another account, so a cached answer of one account never shows for another.
 */
const acting = () => getActingAccount() ?? 'self';

/**
 * The organization's time zone and today's date in it, as the server counts usage days (its business
 * hours' zone, else UTC): GET /api/v2/stats/usage of one day answers both. Null while unknown (or when
 * the account may not read reports: callers fall back to UTC).
 */
export function useOrgDay(accountId: number | null = getActingAccount()) {
  return useQuery({
    queryKey: ['reports', 'orgDay', accountId ?? 'self'],
    queryFn: async ({ signal }) => {
      const day = new Date().toISOString().slice(0, 10);
      const r = await api<UsageResponse>(USAGE_PATH, {
        signal,
        target: accountId ?? false,
        query: { startDate: day, endDate: day, frequency: 'day', timeseries: false },
      });
      return { timezone: r.timezone ?? 'UTC', today: r.today ?? day };
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/v2/stats/usage for the acting account (spec §7): results keyed by item, costs in micro-USD. */
export function useUsage(p: UsageParams | null) {
  return useQuery({
    enabled: p != null,
    queryKey: ['reports', acting(), 'usage', p],
    queryFn: ({ signal }) =>
      api<UsageResponse>(USAGE_PATH, { signal, query: { ...(p ?? {}), giveCosts: true, combineCosts: true, timeseries: true } }),
  });
}

/** POST /api/v1/stats/campaigns: each agent's figures per day between two dates (at most 92 days). */
export function useCampaignStats(range: { startDate: string; endDate: string } | null) {
  return useQuery({
    enabled: range != null,
    queryKey: ['reports', acting(), 'campaigns', range],
    queryFn: ({ signal }) => api<{ stats: CampaignStats[] }>('/api/v1/stats/campaigns', { method: 'POST', signal, body: range ?? {} }),
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
    queryKey: ['reports', acting(), 'logs', f],
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
