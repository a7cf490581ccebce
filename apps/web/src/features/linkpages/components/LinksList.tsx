import { Link2, Plus } from 'lucide-react';
import { useRef } from 'react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, EmptyState } from '../../../ui/index.ts';
import type { LinkPageDraftState } from '../useLinkPageDraft.ts';
import { LinkRow } from './LinkRow.tsx';
import { LinktreeImport } from './LinktreeImport.tsx';

/** The page's links: add, edit, switch off, remove, reorder (drag, or the arrow buttons from the keyboard). */
export function LinksList({ state, saveError }: { state: LinkPageDraftState; saveError: unknown }) {
  const dragging = useRef<number | null>(null);
  const addLink = () => {
    const id = state.add();
    // Focus the new link's title once it is drawn.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-link="${id}"] input`)?.focus());
  };
  return (
    <section aria-labelledby="links-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* On a phone the title takes its own row, so the two buttons sit side by side below it. */}
        <h2 id="links-heading" className="w-full text-base font-semibold text-slate-900 sm:w-auto">
          Links
        </h2>
        <div className="flex flex-wrap gap-2">
          <LinktreeImport state={state} />
          <Button size="sm" onClick={addLink}>
            <Plus className="size-4" aria-hidden="true" /> Add link
          </Button>
        </div>
      </div>
      {state.links.length === 0 ? (
        <EmptyState
          icon={<Link2 className="size-6" aria-hidden="true" />}
          title="No links yet"
          message="Add your shop, booking page, menu or anything else visitors should find."
        />
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Links on the page">
          {state.links.map((link, i) => (
            <LinkRow
              key={link.id}
              link={link}
              index={i}
              count={state.links.length}
              error={(f) => fieldError(saveError, `links.${i}.${f}`)}
              onChange={(patch) => state.update(link.id, patch)}
              onRemove={() => state.remove(link.id)}
              onMove={(to) => {
                state.move(i, to);
                // Keep focus on the moved link's arrow (the other one when it reached an end).
                const dir = to < i ? 'up' : 'down';
                requestAnimationFrame(() => {
                  const row = document.querySelector(`[data-link="${link.id}"]`);
                  const btn =
                    row?.querySelector<HTMLButtonElement>(`button[aria-label$=" ${dir}"]:not(:disabled)`) ??
                    row?.querySelector<HTMLButtonElement>('button[aria-label^="Move"]:not(:disabled)');
                  btn?.focus();
                });
              }}
              onDragStart={(e) => {
                dragging.current = i;
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', link.id);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging.current != null) state.move(dragging.current, i);
                dragging.current = null;
              }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
