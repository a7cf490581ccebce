import type { ReactNode } from 'react';
import { errorText } from '../../../api/mutation.ts';
import { ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useContact, type Contact } from '../api.ts';

/** Loads the contact an overlay's value names, with loading and error states. */
export function ContactLoader({ value, children }: { value: string; children: (c: Contact) => ReactNode }) {
  const id = Number(value);
  const q = useContact(Number.isInteger(id) && id > 0 ? id : null);
  if (!(id > 0)) return <ErrorState title="No contact" message="This link names no contact." />;
  if (q.isLoading) return <LoadingBlock label="Loading contact" />;
  if (q.isError || !q.data) return <ErrorState title="Contact not found" message={q.error ? errorText(q.error) : undefined} />;
  return <>{children(q.data)}</>;
}
