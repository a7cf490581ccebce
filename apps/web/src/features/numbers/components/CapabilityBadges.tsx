/** Voice / SMS / MMS as small badges; what a number cannot do is not shown. */
export function CapabilityBadges({ caps }: { caps?: { voice: boolean; sms: boolean; mms: boolean } }) {
  if (!caps) return null;
  const list = [caps.voice && 'Voice', caps.sms && 'SMS', caps.mms && 'MMS'].filter((x): x is string => !!x);
  return (
    <span className="flex gap-1">
      <span className="sr-only">Takes</span>
      {list.map((c) => (
        <span key={c} className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">
          {c}
        </span>
      ))}
    </span>
  );
}
