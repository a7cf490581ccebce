import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Contact,
  ContactActivity,
  ContactImportResponse,
  ContactInput,
  ContactListResponse,
} from '@switchboard/core/contracts/contacts';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

/** The contacts feature's calls (spec §7 Contacts); the only file here with URL paths. */
export type { Contact, ContactActivity, ContactInput };

const KEY = ['contacts'] as const;

/** GET /api/v2/contact: one page (from 0) of the organization's contacts, optionally searched. */
export function useContacts(search: string, page: number) {
  const q = search.trim();
  return useQuery({
    queryKey: [...KEY, 'list', q, page],
    queryFn: ({ signal }) =>
      api<ContactListResponse>('/api/v2/contact', { signal, query: { page, pageSize: 20, ...(q ? { search: q } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/contact/{id}; no id, no fetch (spec §5). */
export function useContact(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api<{ contact: Contact }>(`/api/v2/contact/${id}`, { signal }).then((r) => r.contact),
    enabled: id != null && id > 0,
    retry: false,
  });
}

/** GET /api/v2/contact/{id}/activity: the contact's conversations, calls and meetings. */
export function useContactActivity(id: number) {
  return useQuery({
    queryKey: [...KEY, 'activity', id],
    queryFn: ({ signal }) => api<ContactActivity>(`/api/v2/contact/${id}/activity`, { signal }),
  });
}

export function useSaveContact(onSaved?: (c: Contact) => void) {
  return useAppMutation((body: ContactInput & { id?: number }) => api<{ contact: Contact }>('/api/v2/contact', { body }), {
    success: (r) => `Saved ${r.contact.name}.`,
    invalidate: [[...KEY]],
    onSuccess: (r) => onSaved?.(r.contact),
  });
}

export function useDeleteContact(onDeleted?: () => void) {
  return useAppMutation((id: number) => api('/api/v2/contact', { method: 'DELETE', body: { id } }), {
    success: 'Contact deleted.',
    invalidate: [[...KEY]],
    onSuccess: () => onDeleted?.(),
  });
}

export type ImportResult = ContactImportResponse;

/** POST /api/v2/contact/import: a CSV or vCard file's text. */
export function useImportContacts(onDone?: (r: ImportResult) => void) {
  return useAppMutation((v: { format: 'csv' | 'vcard'; data: string }) => api<ImportResult>('/api/v2/contact/import', { body: v }), {
    success: (r) => `Imported ${r.imported} contact${r.imported === 1 ? '' : 's'}.`,
    invalidate: [[...KEY]],
    onSuccess: (r) => onDone?.(r),
  });
}
