import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button } from '../../../ui/index.ts';
import { useDeleteContact } from '../api.ts';
import { ContactLoader } from '../components/ContactLoader.tsx';

/** `?deleteContact=<id>`: asks before deleting. */
export default function DeleteContact({ value, close }: OverlayProps) {
  const del = useDeleteContact(close);
  return (
    <OverlayFrame title="Delete contact">
      <ContactLoader value={value}>
        {(c) => (
          <div className="flex flex-col gap-4">
            <p className="text-slate-700">
              Delete <strong>{c.name}</strong>? Their conversations stay; they will show by number again.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button variant="danger" loading={del.isPending} onClick={() => del.mutate(c.id)}>
                Delete
              </Button>
            </div>
          </div>
        )}
      </ContactLoader>
    </OverlayFrame>
  );
}
