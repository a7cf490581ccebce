import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { ContactForm } from '../components/ContactForm.tsx';

/** `?createContact`: a new contact. */
export default function CreateContact({ close }: OverlayProps) {
  return (
    <OverlayFrame title="New contact">
      <ContactForm onDone={close} />
    </OverlayFrame>
  );
}
