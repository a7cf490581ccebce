import { Eye } from 'lucide-react';
import { useState } from 'react';
import type { LinkPageResponse } from '@switchboard/core';
import { Button, Dialog } from '../../../ui/index.ts';
import type { LinkPageDraft } from '../api.ts';
import { PagePreview } from './PagePreview.tsx';

/** "Draft" or "Published", as the saved page stands (not the unsaved edits). */
export function PublishBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      Published
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">Draft</span>
  );
}

/**
 * While the page is a draft its public address answers "No page", so "Preview" shows the page here
 * (the draft as edited, unsaved changes included) with a Publish button beside it.
 */
export function DraftPreview({
  name,
  image,
  data,
  draft,
  onPublish,
  publishing,
}: {
  name: string;
  image: string | null;
  data: LinkPageResponse;
  draft: LinkPageDraft;
  onPublish: () => void;
  publishing: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <Eye className="size-4" aria-hidden="true" /> Preview
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Preview of your page"
        description="A draft: only you can see it. Visitors get “No page” at its address until you publish it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button
              loading={publishing}
              onClick={() => {
                onPublish();
                setOpen(false);
              }}
            >
              Publish
            </Button>
          </>
        }
      >
        <div className="flex justify-center">
          <PagePreview name={name} image={image} links={draft.links} config={draft.linksConfig} socials={data.socialLinks} />
        </div>
      </Dialog>
    </>
  );
}
