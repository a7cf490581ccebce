import { ExternalLink, Share2 } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useLinkPage, useSaveLinkPage } from '../api.ts';
import { CampaignLink } from '../components/CampaignLink.tsx';
import { PageQr } from '../components/PageQr.tsx';

/** ?shareProfile: the public link page's address and QR code, to copy, share, open or print. */
export default function ShareProfile() {
  const { close } = useOverlay();
  const page = useLinkPage();
  const save = useSaveLinkPage();
  const url = page.data ? `${window.location.origin}/p/${page.data.username}` : '';
  const published = page.data?.linksConfig.published === true;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <OverlayFrame
      title="Share your page"
      description="Anyone with this link or QR code can open your link page."
      footer={<Button onClick={close}>Done</Button>}
    >
      {page.isPending ? (
        <LoadingBlock label="Loading" />
      ) : page.isError ? (
        <ErrorState title="We could not load your page" message={errorText(page.error)} />
      ) : (
        <div className="flex flex-col gap-4">
          {!published && (
            <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p className="min-w-0 flex-1">The page is a draft: visitors get “No page” at this address until you publish it.</p>
              <Button
                size="sm"
                loading={save.isPending}
                onClick={() => save.mutate({ links: page.data.links, linksConfig: { ...page.data.linksConfig, published: true } })}
              >
                Publish now
              </Button>
            </div>
          )}
          <PageQr url={url} name={page.data.username} />
          <label htmlFor="share-page-url" className="block text-sm font-medium text-slate-700">
            Page address
          </label>
          <input
            id="share-page-url"
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
            className="block w-full rounded-lg bg-slate-100 px-3 py-2.5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset"
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void navigator.clipboard?.writeText(url)}>
              Copy link
            </Button>
            {published && (
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                <ExternalLink className="size-4" aria-hidden="true" /> Open it
              </a>
            )}
            {canShare && (
              <Button size="sm" variant="ghost" onClick={() => navigator.share({ title: page.data.username, url }).catch(() => undefined)}>
                <Share2 className="size-4" aria-hidden="true" /> Share…
              </Button>
            )}
          </div>
          {page.data.brandPageUrls.length > 0 && (
            <div className="text-sm text-slate-700">
              <p className="font-medium text-slate-900">Also on your brand’s domains</p>
              <ul className="mt-1 list-disc pl-5">
                {page.data.brandPageUrls.map((u) => (
                  <li key={u}>
                    <a href={u} target="_blank" rel="noreferrer" className="break-all text-brand-700 underline">
                      {u}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <CampaignLink url={url} />
        </div>
      )}
    </OverlayFrame>
  );
}
