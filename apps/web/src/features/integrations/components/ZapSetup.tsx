import { ZAP_TOOLS, type ZapTool } from '../zap.ts';

/** How to connect Zapier, Make or n8n to a webhook (opened by `?zap=`). */
export function ZapSetup({ tool }: { tool: ZapTool }) {
  const t = ZAP_TOOLS[tool];
  return (
    <section aria-labelledby="zap-setup-title" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
      <h3 id="zap-setup-title" className="font-semibold text-slate-900">
        Send events to {t.name}
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {t.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  );
}
