import { ExternalLink, QrCode } from 'lucide-react';
import { errorText, otherError } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { Button, Card, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useLinkPage, useSaveLinkPage } from '../api.ts';
import { useLinkPageDraft } from '../useLinkPageDraft.ts';
import { LinksList } from './LinksList.tsx';
import { PagePreview } from './PagePreview.tsx';
import { DraftPreview, PublishBadge } from './PublishState.tsx';
import { PageSettings } from './PageSettings.tsx';
import { ThemePicker } from './ThemePicker.tsx';

/** The link-page editor: links, page settings and theme, with a live phone-sized preview beside them. */
export function LinkPageEditor({ name, image, preview = true }: { name: string; image: string | null; preview?: boolean }) {
  const page = useLinkPage();
  const state = useLinkPageDraft(page.data);
  const save = useSaveLinkPage();
  const open = useOpenOverlay();
  if (page.isPending || (page.isSuccess && !state.ready)) return <LoadingBlock label="Loading the link page" />;
  if (page.isError) return <ErrorState title="We could not load the link page" message={errorText(page.error)} />;
  const data = page.data;
  const general = otherError(save.error, 'links', 'linksConfig');
  /** As saved: what visitors get now. Publishing saves the edits too, so the public page is what the editor shows. */
  const published = data.linksConfig.published === true;
  const publish = (on: boolean) => save.mutate({ ...state.draft, linksConfig: { ...state.draft.linksConfig, published: on } });
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <Card>
          <div className="flex flex-col gap-3 p-4 sm:p-5">
            <div className="min-w-0">
              <p className="flex items-center gap-2 text-sm text-slate-600">
                Your page <PublishBadge published={published} />
              </p>
              <p className="truncate font-mono text-sm text-slate-900" data-testid="page-url">
                {`${window.location.origin}/p/${data.username}`}
              </p>
              {!published && (
                <p className="mt-1 text-sm text-slate-600">Only you can see it: visitors get “No page” until you publish it.</p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {published ? (
                <a
                  href={`/p/${data.username}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                >
                  <ExternalLink className="size-4" aria-hidden="true" /> Open
                </a>
              ) : (
                <DraftPreview
                  name={name}
                  image={image}
                  data={data}
                  draft={state.draft}
                  onPublish={() => publish(true)}
                  publishing={save.isPending}
                />
              )}
              <Button size="sm" variant="secondary" onClick={() => open('shareProfile')}>
                <QrCode className="size-4" aria-hidden="true" /> Share
              </Button>
              {published ? (
                <Button size="sm" variant="ghost" onClick={() => publish(false)} loading={save.isPending}>
                  Unpublish
                </Button>
              ) : (
                <Button size="sm" onClick={() => publish(true)} loading={save.isPending}>
                  Publish
                </Button>
              )}
            </div>
          </div>
        </Card>
        <Card>
          <div className="flex flex-col gap-6 p-4 sm:p-5">
            <LinksList state={state} saveError={save.error} />
            <PageSettings config={state.config} onChange={state.setConfig} saveError={save.error} />
            <ThemePicker config={state.config} onChange={state.setConfig} />
            {general && (
              <p role="alert" className="text-sm text-red-700">
                {general}
              </p>
            )}
            <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-100 bg-white px-4 py-3 sm:-mx-5 sm:px-5">
              <span className="mr-auto text-sm text-slate-600" aria-live="polite" data-testid="draft-state">
                {state.dirty ? 'Unsaved changes' : 'All changes saved'}
              </span>
              <Button onClick={() => save.mutate(state.draft)} loading={save.isPending} disabled={!state.dirty}>
                Save
              </Button>
            </div>
          </div>
        </Card>
      </div>
      {preview && (
        <div className="lg:sticky lg:top-4">
          <PagePreview name={name} image={image} links={state.links} config={state.config} socials={data.socialLinks} />
        </div>
      )}
    </div>
  );
}
