import { Button } from '../../../ui/index.ts';

/** The signing secret of a new webhook, shown this once. */
export function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Copy the signing secret now: it is not shown again.</p>
      <code className="block break-all rounded bg-white px-2 py-1 text-xs text-slate-900">{secret}</code>
      <div className="flex gap-2">
        <Button size="xs" variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret)}>
          Copy
        </Button>
        <Button size="xs" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
