import { Eye, History, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { confirm } from '../../shell/confirm.tsx';
import { notify } from '../../shell/toast.tsx';
import { Button, cn, EmptyState, ErrorState, Input, LoadingBlock } from '../../ui/index.ts';
import { useInvalidateAgents, useVersions, useVersionActions } from './api.ts';
import { diffLines } from './diff.ts';
import { Section, selectClass } from './parts.tsx';

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Versions of the agent: create from the draft or the live agent, rename, preview and compare with the draft, restore (with confirmation). */
export function VersionsPanel({
  agentId,
  stagingInstructions,
  onRestored,
}: {
  agentId: number;
  stagingInstructions: string;
  onRestored: () => void;
}) {
  const versions = useVersions(agentId);
  const invalidate = useInvalidateAgents();
  const calls = useVersionActions(agentId);
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<'staging' | 'default'>('staging');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const create = async () => {
    setBusy(true);
    try {
      await calls.create.mutateAsync({ title: title.trim() || undefined, source });
      setTitle('');
      notify('Version saved');
      await versions.refetch();
    } catch (e) {
      notify.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const restore = async (id: number, name: string) => {
    const ok = await confirm({
      title: `Restore “${name}”?`,
      message: 'The draft is replaced by this version. Publish afterwards to put it live.',
      confirmText: 'Restore',
    });
    if (!ok) return;
    await calls.restore.mutateAsync(id);
    notify('Version restored to the draft');
    await invalidate();
    onRestored();
  };

  const rename = async () => {
    if (!renaming || !renaming.title.trim()) return;
    await calls.rename.mutateAsync({ id: renaming.id, title: renaming.title.trim() });
    setRenaming(null);
    await versions.refetch();
  };

  return (
    <Section title="Versions" description="Save the agent as it is, and go back to it later.">
      <form
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Input aria-label="Version title" placeholder="Version title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} />
        <select
          aria-label="Save from"
          className={selectClass}
          value={source}
          onChange={(e) => setSource(e.target.value as 'staging' | 'default')}
        >
          <option value="staging">From the draft</option>
          <option value="default">From the live agent</option>
        </select>
        <Button type="submit" variant="secondary" loading={busy}>
          Save version
        </Button>
      </form>
      {versions.isLoading ? (
        <LoadingBlock />
      ) : versions.isError ? (
        <ErrorState message={(versions.error as Error).message} />
      ) : !versions.data?.versions.length ? (
        <EmptyState
          icon={<History className="size-5" />}
          title="No versions yet"
          message="Save a version before a big change to be able to go back."
        />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Versions">
          {versions.data.versions.map((v) => (
            <li key={v.id} className="px-3 py-2.5" data-testid="version">
              {renaming?.id === v.id ? (
                <form
                  className="flex gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename();
                  }}
                >
                  <Input
                    aria-label="New title"
                    autoFocus
                    value={renaming.title}
                    onChange={(e) => setRenaming({ id: v.id, title: e.target.value })}
                  />
                  <Button type="submit" size="sm">
                    Save
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className="min-w-0 flex-1 text-left"
                    aria-expanded={open === v.id}
                    onClick={() => setOpen(open === v.id ? null : v.id)}
                  >
                    <p className="truncate text-sm font-medium text-slate-900">{v.title}</p>
                    <p className="text-xs text-slate-500">
                      {when(v.createdAt)} · from {v.source === 'default' ? 'the live agent' : 'the draft'}
                    </p>
                  </button>
                  <Button size="2xs" variant="ghost" aria-expanded={open === v.id} onClick={() => setOpen(open === v.id ? null : v.id)}>
                    <Eye className="size-3.5" aria-hidden /> {open === v.id ? 'Hide' : 'Preview'}
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    aria-label={`Rename ${v.title}`}
                    onClick={() => setRenaming({ id: v.id, title: v.title })}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </Button>
                  <Button size="2xs" variant="secondary" onClick={() => void restore(v.id, v.title)}>
                    <RotateCcw className="size-3.5" aria-hidden /> Restore
                  </Button>
                </div>
              )}
              {open === v.id && v.snapshot && (
                <>
                  <p className="mt-2 text-xs font-medium text-slate-600">This version’s instructions</p>
                  <pre
                    data-testid="version-preview"
                    className="mt-1 max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 text-[12px] leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200"
                  >
                    {v.snapshot.agentInstructions}
                  </pre>
                  {v.snapshot.greeting != null && (
                    <p className="mt-1 text-xs text-slate-600">Greeting: {String(v.snapshot.greeting) || '(none)'}</p>
                  )}
                  <InstructionsDiff before={v.snapshot.agentInstructions} after={stagingInstructions} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function InstructionsDiff({ before, after }: { before: string; after: string }) {
  const lines = diffLines(before, after);
  const same = lines.every((l) => l.kind === 'same');
  return (
    <div className="mt-2" data-testid="version-diff">
      <p className="mb-1 text-xs text-slate-500">
        {same ? 'Same instructions as the draft.' : 'Compared with the draft: this version (−), the draft (+)'}
      </p>
      <pre className="max-h-64 overflow-auto rounded-lg bg-slate-900 p-2 text-[12px] leading-relaxed text-slate-100">
        {lines.map((l, i) => (
          <div
            key={i}
            className={cn(l.kind === 'added' && 'bg-emerald-900/60 text-emerald-100', l.kind === 'removed' && 'bg-red-900/60 text-red-100')}
          >
            {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '− ' : '  '}
            {l.text || ' '}
          </div>
        ))}
      </pre>
    </div>
  );
}
