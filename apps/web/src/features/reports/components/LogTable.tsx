import { ReportTable } from './ReportTable.tsx';
import type { LogEntry } from '../api.ts';
import { statusText } from '../../../ui/index.ts';
import { ANALYSIS_OUTCOME_LABELS, type AnalysisOutcome } from '@switchboard/core';

const KIND_NAMES: Record<string, string> = {
  call: 'Call',
  message: 'Message',
  agent_turn: 'Agent turn',
  function: 'Agent action',
  webhook: 'Webhook',
  error: 'Error',
  analysis: 'Analysis',
};

const COLUMNS = ['Time', 'Kind', 'Status', 'Contact', 'What'].map((label) => ({ label }));

/** Log rows, newest first. */
export function LogTable({ logs }: { logs: LogEntry[] }) {
  return (
    <ReportTable label="Activity logs" caption="Activity logs, newest first" columns={COLUMNS} className="min-w-[36rem]" data-logs-table>
      {logs.map((l) => (
        <tr key={l.id} data-log-kind={l.kind}>
          <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{l.timestamp ? new Date(l.timestamp).toLocaleString() : ''}</td>
          <td className="py-2 pr-3 whitespace-nowrap">
            {KIND_NAMES[l.kind ?? ''] ?? l.kind}
            {l.direction ? <span className="text-slate-600"> · {l.direction === 'inbound' ? 'in' : 'out'}</span> : null}
          </td>
          <td className="py-2 pr-3 whitespace-nowrap">{statusText(l.status)}</td>
          <td className="max-w-[12rem] truncate py-2 pr-3" title={l.contact ?? undefined}>
            {l.contactName ? (
              <>
                <span className="font-medium text-slate-900">{l.contactName}</span> <span className="text-slate-600">{l.contact}</span>
              </>
            ) : (
              l.contact
            )}
          </td>
          <td className="max-w-[24rem] truncate py-2" title={l.summary}>
            {l.outcome && l.outcome in ANALYSIS_OUTCOME_LABELS ? (
              <span data-testid="log-outcome" className="mr-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">
                {ANALYSIS_OUTCOME_LABELS[l.outcome as AnalysisOutcome]}
              </span>
            ) : null}
            {l.summary}
          </td>
        </tr>
      ))}
    </ReportTable>
  );
}
