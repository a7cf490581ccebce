import { useState } from 'react';
import { Search, UserRound } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { Button, EmptyState, ErrorState, Input, LoadingBlock } from '../../../ui/index.ts';
import { useContacts } from '../api.ts';

/** The organization's contacts: search, pages of 20, each opening its preview. */
export function ContactList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const q = useContacts(search, page);
  const open = useOpenOverlay();
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search contacts"
          placeholder="Search by name, number or e-mail"
          className="pl-9"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>
      {q.isLoading ? (
        <LoadingBlock label="Loading contacts" />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} action={<Button onClick={() => void q.refetch()}>Try again</Button>} />
      ) : !data || data.contacts.length === 0 ? (
        <EmptyState
          icon={<UserRound className="size-6" aria-hidden="true" />}
          title={search ? 'No contact matches' : 'No contacts yet'}
          message={search ? 'Try another name, number or e-mail.' : 'Add the people you talk to, or import them from a CSV or vCard file.'}
        />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Contacts">
          {data.contacts.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="flex w-full flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => open('previewContact', String(c.id))}
              >
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="text-sm text-slate-600">{[...c.phones, ...c.emails].join(' · ') || 'No number or e-mail'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.pageSize ? (
        <nav className="flex items-center justify-between text-sm text-slate-600" aria-label="Contact pages">
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
