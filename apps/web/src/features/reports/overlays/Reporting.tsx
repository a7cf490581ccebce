import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { AgentsPanel } from '../components/AgentsPanel.tsx';
import { LogsPanel } from '../components/LogsPanel.tsx';
import { UsagePanel } from '../components/UsagePanel.tsx';

/** ?reporting: usage, costs, agents' figures and logs in one place (the same panels as the Reports section). */
export default function ReportingOverlay() {
  return (
    <OverlayFrame title="Reporting" size="sheet">
      <div className="flex flex-col gap-4">
        <UsagePanel />
        <AgentsPanel />
        <LogsPanel />
      </div>
    </OverlayFrame>
  );
}
