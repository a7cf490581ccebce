import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button, ErrorState, Skeleton } from '../../../ui/index.ts';
import { callError, usePushConfig, useSetPushPreference } from '../api.ts';
import { pushErrorText, usePush } from '../hooks/usePush.ts';

/** Pushes for new conversations of the acting inbox: the account-wide switch, and Web Push on this device. */
export function PushSettings({ target, accountName }: { target: number | null; accountName: string }) {
  const config = usePushConfig(target);
  const setPref = useSetPushPreference(target);
  const push = usePush();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (config.isPending) return <Skeleton className="h-16 w-full" />;
  if (config.isError) return <ErrorState title="We could not load your notification settings" message={(config.error as Error).message} />;
  const c = config.data;
  if (c.accountId == null) {
    return <p className="text-sm text-slate-600">Open an organization or agent to choose notifications for its inbox.</p>;
  }

  async function toggleDevice() {
    setBusy(true);
    setError(null);
    try {
      if (push.on) await push.disable();
      else await push.enable(c.publicKey);
    } catch (e) {
      setError(e instanceof DOMException || !(e as { status?: number }).status ? pushErrorText(e) : callError(e)!.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="push-new-label" className="text-sm font-medium text-slate-900">
            New conversations in {accountName}
          </p>
          <p className="text-sm text-slate-500">A notification on your devices when someone starts a chat or text.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={c.newConversations}
          aria-labelledby="push-new-label"
          disabled={setPref.isPending}
          onClick={() => setPref.mutate(!c.newConversations)}
          className="relative mt-1 inline-flex h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-checked:bg-brand-600 disabled:opacity-60"
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${c.newConversations ? 'translate-x-5' : ''}`}
          />
        </button>
      </div>
      {setPref.isError && (
        <p role="alert" className="text-sm text-red-700">
          {(setPref.error as Error).message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3" data-testid="push-device">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <BellRing className="size-4 text-brand-600" aria-hidden="true" />
          {push.support === 'unsupported'
            ? 'This browser does not offer Web Push. New conversations still appear in the inbox.'
            : push.support === 'denied'
              ? 'Notifications are blocked for this site in the browser’s settings.'
              : push.on
                ? 'Web Push is on for this device.'
                : 'Web Push is off for this device.'}
        </p>
        {push.support !== 'unsupported' && push.on != null && (
          <Button
            size="sm"
            variant={push.on ? 'secondary' : 'primary'}
            loading={busy}
            disabled={push.support === 'denied'}
            onClick={toggleDevice}
          >
            {push.on ? 'Turn off on this device' : 'Turn on for this device'}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700" data-testid="push-error">
          {error}
        </p>
      )}
    </div>
  );
}
