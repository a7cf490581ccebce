import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { ContactImport } from '../components/ContactImport.tsx';
import { ContactList } from '../components/ContactList.tsx';

/** `?contacts`: the contact list as an overlay. */
export default function Contacts() {
  return (
    <OverlayFrame title="Contacts" size="sheet">
      <div className="flex flex-col gap-4">
        <ContactImport />
        <ContactList />
      </div>
    </OverlayFrame>
  );
}
