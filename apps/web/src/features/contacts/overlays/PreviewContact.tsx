import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { useOpenOverlay } from '../../../overlays/open.ts';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button } from '../../../ui/index.ts';
import { ContactActivity } from '../components/ContactActivity.tsx';
import { ContactLoader } from '../components/ContactLoader.tsx';

/** `?previewContact=<id>`: a contact's details, conversations, calls and meetings, with edit and delete. */
export default function PreviewContact({ value }: OverlayProps) {
  const open = useOpenOverlay();
  return (
    <OverlayFrame title="Contact">
      <ContactLoader value={value}>
        {(c) => (
          <div className="flex flex-col gap-4">
            <h3 className="text-lg font-semibold text-slate-900">{c.name}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">Phone</dt>
              <dd className="text-slate-900">{c.phones.join(', ') || '—'}</dd>
              <dt className="text-slate-500">E-mail</dt>
              <dd className="break-all text-slate-900">{c.emails.join(', ') || '—'}</dd>
              <dt className="text-slate-500">Tags</dt>
              <dd className="text-slate-900">{c.tags.join(', ') || '—'}</dd>
              {Object.entries(c.fields).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            {c.notes ? <p className="whitespace-pre-wrap text-sm text-slate-700">{c.notes}</p> : null}
            <ContactActivity id={c.id} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => open('deleteContact', String(c.id))}>
                Delete
              </Button>
              <Button onClick={() => open('editContact', String(c.id))}>Edit</Button>
            </div>
          </div>
        )}
      </ContactLoader>
    </OverlayFrame>
  );
}
