import { useDeferredValue, useState } from 'react';
import { Download, ScrollText } from 'lucide-react';
import { logsCsvUrl, useLogs, type LogFilters } from '../api.ts';
import { Button, Card, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { LogFiltersForm } from './LogFiltersForm.tsx';
import { LogTable } from './LogTable.tsx';

/** Every message, agent turn, action and error of the account, filtered, in pages, and as a CSV file. */
export function LogsPanel() {
  const [filters, setFilters] = useState<LogFilters>({});
  const deferred = useDeferredValue(filters);
  const q = useLogs(deferred);
  const logs = q.data?.pages.flatMap((p) => p.logs) ?? [];
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="logs-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="logs-title" className="text-base font-semibold text-slate-900">
          Logs
        </h2>
        <a
          href={logsCsvUrl(deferred)}
          download
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </div>
      <LogFiltersForm value={filters} onChange={setFilters} />
      {q.isPending ? (
        <LoadingBlock />
      ) : q.isError ? (
        <ErrorState message={(q.error as Error).message} />
      ) : logs.length === 0 ? (
        <EmptyState
          icon={<ScrollText className="size-6" />}
          title="No logs match"
          message="Messages, agent turns and errors are listed here as they happen."
        />
      ) : (
        <>
          <LogTable logs={logs} />
          {q.hasNextPage && (
            <Button variant="secondary" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
              {q.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
