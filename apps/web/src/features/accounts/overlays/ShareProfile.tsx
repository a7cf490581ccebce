import { ExternalLink, Share2 } from 'lucide-react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button } from '../../../ui/index.ts';
import { AccountGate, AccountHeading } from '../overlayParts/index.ts';
import { CopyButton } from '../parts.tsx';

/** ?shareProfile: the account's public link, to copy, share or open. */
export default function ShareProfile() {
  const { close } = useOverlay();
  return (
    <AccountGate title="Share profile">
      {(a) => {
        const url = `${window.location.origin}/chat/${a.username}`;
        const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
        return (
          <OverlayFrame
            title="Share profile"
            description="Anyone with this link can chat with you."
            footer={<Button onClick={close}>Done</Button>}
          >
            <AccountHeading account={a} />
            <label htmlFor="share-url" className="mb-1.5 block text-sm font-medium text-slate-700">
              Public link
            </label>
            <div className="flex flex-col gap-2 xs:flex-row">
              <input
                id="share-url"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                className="block w-full min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2.5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset"
              />
              <CopyButton text={url} label="Copy link" size="md" />
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                <ExternalLink className="size-4" aria-hidden="true" /> Open it
              </a>
              {canShare && (
                <Button size="sm" variant="ghost" onClick={() => navigator.share({ title: a.displayName, url }).catch(() => undefined)}>
                  <Share2 className="size-4" aria-hidden="true" /> Share…
                </Button>
              )}
            </div>
          </OverlayFrame>
        );
      }}
    </AccountGate>
  );
}
