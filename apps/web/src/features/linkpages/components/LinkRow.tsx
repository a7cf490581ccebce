import type { SavedLink } from '@switchboard/core';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Button, Field, Input } from '../../../ui/index.ts';

const toLocal = (ms: number | null) =>
  ms == null ? '' : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocal = (v: string) => (v ? new Date(v).getTime() : null);

export interface LinkRowProps {
  link: SavedLink;
  index: number;
  count: number;
  error: (field: string) => string | null;
  onChange: (patch: Partial<SavedLink>) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  onDragStart: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
}

/** One link in the editor: title, address, on/off, schedule, thumbnail; reordered by drag or the arrow buttons. */
export function LinkRow({ link, index, count, error, onChange, onRemove, onMove, onDragStart, onDrop }: LinkRowProps) {
  const [more, setMore] = useState(link.visibleFrom != null || link.visibleUntil != null || link.thumbnail != null);
  const name = link.title || `Link ${index + 1}`;
  return (
    <li
      className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
      data-link={link.id}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      <div className="flex items-start gap-2">
        <span draggable onDragStart={onDragStart} className="mt-8 cursor-grab text-slate-500" title="Drag to reorder" aria-hidden="true">
          <GripVertical className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
          <Field label="Title" error={error('title')}>
            {(p) => <Input {...p} value={link.title} maxLength={120} onChange={(e) => onChange({ title: e.target.value })} />}
          </Field>
          <Field label="Address" error={error('url')}>
            {(p) => <Input {...p} value={link.url} maxLength={2000} inputMode="url" onChange={(e) => onChange({ url: e.target.value })} />}
          </Field>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1 pl-7">
        <label className="mr-2 inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4" checked={link.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
          Shown
        </label>
        <Button size="xs" variant="ghost" onClick={() => setMore((m) => !m)} aria-expanded={more}>
          {more ? 'Fewer options' : 'Schedule and thumbnail'}
        </Button>
        <span className="flex-1" />
        <Button size="xs" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${name} up`}>
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
        <Button size="xs" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${name} down`}>
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
        <Button size="xs" variant="ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {more && (
        <div className="mt-2 grid gap-2 pl-7 sm:grid-cols-3">
          <Field label="Shown from" error={error('visibleFrom')}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                value={toLocal(link.visibleFrom)}
                onChange={(e) => onChange({ visibleFrom: fromLocal(e.target.value) })}
              />
            )}
          </Field>
          <Field label="Shown until" error={error('visibleUntil')}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                value={toLocal(link.visibleUntil)}
                onChange={(e) => onChange({ visibleUntil: fromLocal(e.target.value) })}
              />
            )}
          </Field>
          <Field label="Thumbnail (https)" error={error('thumbnail')}>
            {(p) => <Input {...p} value={link.thumbnail ?? ''} onChange={(e) => onChange({ thumbnail: e.target.value.trim() || null })} />}
          </Field>
        </div>
      )}
    </li>
  );
}
