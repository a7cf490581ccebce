import { Search as SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Input } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';

/** `?search`: a search box; conversation search arrives with the inbox. */
export default function Search({ value }: { value: string }) {
  const [q, setQ] = useState(value && value !== 'true' ? value : '');
  return (
    <OverlayFrame title="Search" size="md">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input type="search" aria-label="Search" placeholder="Search conversations, contacts and agents" data-autofocus value={q} onChange={(e) => setQ(e.target.value)} className="pl-9" />
      </div>
      <EmptyState
        icon={<SearchIcon className="size-6" aria-hidden="true" />}
        title={q ? `No results for “${q}”` : 'Type to search'}
        message={q ? 'Search covers conversations once the inbox is set up.' : 'Find a conversation by name, number or words in a message.'}
        className="py-8"
      />
    </OverlayFrame>
  );
}
