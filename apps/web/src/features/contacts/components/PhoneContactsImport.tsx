import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createBridge, type ContactSearchResult } from '../../../shell/bridge.ts';
import { Button, TextField } from '../../../ui/index.ts';

type Found = ContactSearchResult['contacts'];

/** vCard 3.0 text of the phone's contacts, so they go through the same import as a .vcf file. */
export function phoneContactsVCard(found: Found): string {
  const esc = (v: string) => v.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
  return found
    .map((c) =>
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `FN:${esc(c.name || c.phoneNumbers?.[0] || c.emails?.[0] || '')}`,
        ...(c.phoneNumbers ?? []).map((p) => `TEL:${esc(p)}`),
        ...(c.emails ?? []).map((e) => `EMAIL:${esc(e)}`),
        'END:VCARD',
      ].join('\r\n'),
    )
    .join('\r\n');
}

/**
 * Inside the mobile app: find contacts on the phone through the native bridge (searchContact with a
 * request id) and import them. Outside the app there is no bridge and this shows nothing.
 */
export function PhoneContactsImport({ onImport, pending }: { onImport: (vcard: string) => void; pending: boolean }) {
  const [bridge] = useState(() => createBridge(typeof window === 'undefined' ? undefined : window));
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  if (!bridge.available()) return null;

  const search = async (e: FormEvent) => {
    e.preventDefault();
    setSearching(true);
    const r = await bridge.searchContacts(query.trim());
    setSearching(false);
    setFound(r ? r.contacts.filter((c) => c.phoneNumbers?.length || c.emails?.length) : []);
  };

  return (
    <form onSubmit={search} className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3" aria-label="Contacts on this phone">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Smartphone className="size-4" aria-hidden="true" /> From this phone
      </p>
      <div className="flex items-end gap-2">
        <TextField label="Name to find" value={query} onChange={(e) => setQuery(e.target.value)} fieldClassName="flex-1" />
        <Button type="submit" variant="secondary" loading={searching}>
          Find
        </Button>
      </div>
      {found && found.length === 0 ? <p className="text-sm text-slate-600">No contact on this phone matches.</p> : null}
      {found && found.length > 0 ? (
        <>
          <ul className="text-sm text-slate-700" aria-label="Found on this phone">
            {found.slice(0, 20).map((c, i) => (
              <li key={`${c.name}-${i}`}>
                {c.name || 'No name'} · {[...(c.phoneNumbers ?? []), ...(c.emails ?? [])].join(', ')}
              </li>
            ))}
          </ul>
          <Button type="button" loading={pending} onClick={() => onImport(phoneContactsVCard(found))} className="self-start">
            Import {found.length} contact{found.length === 1 ? '' : 's'}
          </Button>
        </>
      ) : null}
    </form>
  );
}
