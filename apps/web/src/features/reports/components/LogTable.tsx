import type { LogEntry } from '../api.ts';

const KIND_NAMES: Record<string, string> = {
  call: 'Call',
  message: 'Message',
  agent_turn: 'Agent turn',
  function: 'Agent action',
  webhook: 'Webhook',
  error: 'Error',
};

/** Log rows, newest first. */
export function LogTable({ logs }: { logs: LogEntry[] }) {
  return (
    <div
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="region"
      aria-label="Activity logs"
    >
      <table className="w-full min-w-[36rem] text-left text-sm" data-logs-table>
        <caption className="sr-only">Activity logs, newest first</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Time
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Kind
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Contact
            </th>
            <th scope="col" className="py-2 font-medium">
              What
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {logs.map((l) => (
            <tr key={l.id} data-log-kind={l.kind}>
              <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{l.timestamp ? new Date(l.timestamp).toLocaleString() : ''}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {KIND_NAMES[l.kind ?? ''] ?? l.kind}
                {l.direction ? <span className="text-slate-600"> · {l.direction === 'inbound' ? 'in' : 'out'}</span> : null}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{l.status}</td>
              <td className="max-w-[12rem] truncate py-2 pr-3" title={l.contact ?? undefined}>
                {l.contactName ? (
                  <>
                    <span className="font-medium text-slate-900">{l.contactName}</span>{' '}
                    <span className="text-slate-600">{l.contact}</span>
                  </>
                ) : (
                  l.contact
                )}
              </td>
              <td className="max-w-[24rem] truncate py-2" title={l.summary}>
                {l.summary}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
