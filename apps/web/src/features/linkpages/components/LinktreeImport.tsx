import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../../../api/mutation.ts';
import { Button, Dialog, TextField } from '../../../ui/index.ts';
import { useLinktreeImport } from '../api.ts';
import type { LinkPageDraftState } from '../useLinkPageDraft.ts';

/** "Import from Linktree": reads a Linktree page and adds its links (and its closest theme) to the draft. */
export function LinktreeImport({ state }: { state: LinkPageDraftState }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [filterExisting, setFilterExisting] = useState(true);
  const [done, setDone] = useState<string | null>(null);
  const run = useLinktreeImport();
  const submit = () =>
    run.mutate(
      { linktreelink: link, filterExisting },
      {
        onSuccess: (r) => {
          state.addMany(r.links);
          if (r.theme) state.setConfig({ theme: r.theme });
          if (r.description && !state.config.description) state.setConfig({ description: r.description });
          setDone(
            `${r.links.length} link${r.links.length === 1 ? '' : 's'} added${r.skipped ? `, ${r.skipped} already on your page` : ''}${r.theme ? `, theme ${r.theme}` : ''}. Save to publish them.`,
          );
        },
      },
    );
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => (setDone(null), setOpen(true))}>
        <Download className="size-4" aria-hidden="true" /> Import from Linktree
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Import from Linktree"
        description="We read the links, social links and colours of a public Linktree page."
        footer={
          done ? (
            <Button onClick={() => setOpen(false)}>Done</Button>
          ) : (
            <Button onClick={submit} loading={run.isPending} disabled={!link.trim()}>
              Import
            </Button>
          )
        }
      >
        {done ? (
          <p role="status" className="text-sm text-slate-800">
            {done}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <TextField
              label="Linktree address or username"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://linktr.ee/yourname"
              error={run.error ? errorText(run.error) : null}
            />
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" checked={filterExisting} onChange={(e) => setFilterExisting(e.target.checked)} />
              Skip links already on my page
            </label>
          </div>
        )}
      </Dialog>
    </>
  );
}
