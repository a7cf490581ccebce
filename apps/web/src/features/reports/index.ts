/** What other features may use of reports. */
export { UsagePanel } from './components/UsagePanel.tsx';
export { LogsPanel } from './components/LogsPanel.tsx';
export { useOrgDay } from './api.ts';
export { startOfTodayIn } from './dates.ts';
