import { UserPlus } from 'lucide-react';
import { useOpenOverlay } from '../../overlays/open.ts';
import { useTitle } from '../../shell/useTitle.ts';
import { Button } from '../../ui/index.ts';
import { ContactImport } from './components/ContactImport.tsx';
import { ContactList } from './components/ContactList.tsx';

/** /app/…/contacts: the organization's contacts. */
export default function ContactsSection() {
  useTitle('Contacts');
  const open = useOpenOverlay();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Contacts</h1>
        <Button onClick={() => open('createContact')}>
          <UserPlus className="size-4" aria-hidden="true" />
          New contact
        </Button>
      </header>
      <ContactImport />
      <ContactList />
    </div>
  );
}
