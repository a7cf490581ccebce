import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { ContactForm } from '../components/ContactForm.tsx';
import { ContactLoader } from '../components/ContactLoader.tsx';

/** `?editContact=<id>`. */
export default function EditContact({ value, close }: OverlayProps) {
  return (
    <OverlayFrame title="Edit contact">
      <ContactLoader value={value}>{(c) => <ContactForm contact={c} onDone={close} />}</ContactLoader>
    </OverlayFrame>
  );
}
