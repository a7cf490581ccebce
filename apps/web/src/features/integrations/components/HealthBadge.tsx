import type { Integration } from '../api.ts';

const time = (ms: number) => new Date(ms).toLocaleString();

/** Connected and healthy, connected with an error newer than the last success, or not connected. */
export function HealthBadge({ integration }: { integration: Integration }) {
  const { health, connected } = integration;
  if (!connected) return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Not connected</span>;
  const failing = health.lastErrorAt != null && (health.lastSuccessAt == null || health.lastErrorAt > health.lastSuccessAt);
  return failing ? (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800" title={health.lastError ?? ''}>
      Needs attention
    </span>
  ) : (
    <span
      className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800"
      title={health.lastSuccessAt ? `Last success ${time(health.lastSuccessAt)}` : ''}
    >
      Healthy
    </span>
  );
}
