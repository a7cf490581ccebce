import { useEffect, useState } from 'react';
import type { LinkPageResponse, LinksConfig, SavedLink } from '@switchboard/core';
import type { LinkPageDraft } from './api.ts';

let counter = 0;
/** A new link's id (the click address uses it), chosen here so the preview and reordering can key on it. */
const newId = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The page being edited: links and settings, changed locally until saved. */
export function useLinkPageDraft(saved: LinkPageResponse | undefined) {
  const [draft, setDraft] = useState<LinkPageDraft | null>(null);
  const [base, setBase] = useState<string>('');
  useEffect(() => {
    if (!saved) return;
    const next = { links: saved.links, linksConfig: saved.linksConfig as LinksConfig };
    setDraft(next);
    setBase(JSON.stringify(next));
  }, [saved]);

  const links = draft?.links ?? [];
  const config = draft?.linksConfig ?? {};
  const setLinks = (f: (l: SavedLink[]) => SavedLink[]) =>
    setDraft((d) => (d ? { ...d, links: f(d.links).map((l, i) => ({ ...l, order: i })) } : d));

  return {
    ready: draft != null,
    draft: draft ?? { links: [], linksConfig: {} },
    links,
    config,
    dirty: draft != null && JSON.stringify(draft) !== base,
    add(): string {
      const id = newId();
      setLinks((l) => [
        ...l,
        { id, title: '', url: 'https://', thumbnail: null, enabled: true, visibleFrom: null, visibleUntil: null, order: l.length },
      ]);
      return id;
    },
    /** Appends imported links (each with a new id). */
    addMany(items: { title: string; url: string; thumbnail: string | null }[]) {
      setLinks((l) => [
        ...l,
        ...items.map((x, i) => ({ id: newId(), ...x, enabled: true, visibleFrom: null, visibleUntil: null, order: l.length + i })),
      ]);
    },
    update(id: string, patch: Partial<SavedLink>) {
      setLinks((l) => l.map((x) => (x.id === id ? { ...x, ...patch } : x)));
    },
    remove(id: string) {
      setLinks((l) => l.filter((x) => x.id !== id));
    },
    /** Moves the link at `from` to `to` (drag and drop, and the up/down buttons). */
    move(from: number, to: number) {
      setLinks((l) => {
        if (to < 0 || to >= l.length || from === to) return l;
        const next = [...l];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item!);
        return next;
      });
    },
    setConfig(patch: Partial<LinksConfig>) {
      setDraft((d) => (d ? { ...d, linksConfig: { ...d.linksConfig, ...patch } } : d));
    },
  };
}

export type LinkPageDraftState = ReturnType<typeof useLinkPageDraft>;
