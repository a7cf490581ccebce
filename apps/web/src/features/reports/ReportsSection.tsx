import type { SectionProps } from '../../shell/sections.ts';
import { AgentsPanel } from './components/AgentsPanel.tsx';
import { LogsPanel } from './components/LogsPanel.tsx';
import { UsagePanel } from './components/UsagePanel.tsx';

/** Reports: usage and its cost over a period (charts and a table), each agent's figures, then the activity logs with filters and CSV. */
export default function ReportsSection({ account }: SectionProps) {
  return (
    <div className="flex flex-col gap-6" data-reports={account.id}>
      <header>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Reports</h1>
        <p className="mt-1 text-sm text-slate-600">What your agents did and what it cost.</p>
      </header>
      <UsagePanel />
      <AgentsPanel />
      <LogsPanel />
    </div>
  );
}
