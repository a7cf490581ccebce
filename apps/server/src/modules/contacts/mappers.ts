import type { Contact } from '@switchboard/core/contracts/contacts';
import { fromJson } from '../../platform/db/columns.ts';
import type { ContactKey, ContactRow } from './repository.ts';

export function toContact(row: ContactRow, keys: ContactKey[]): Contact {
  const mine = keys.filter((k) => k.contact_id === row.id).sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    name: row.name,
    phones: mine.filter((k) => k.key.startsWith('tel:')).map((k) => k.key.slice(4)),
    emails: mine.filter((k) => k.key.startsWith('email:')).map((k) => k.key.slice(6)),
    tags: fromJson<string[]>(row.tags, []),
    notes: row.notes,
    fields: fromJson<Record<string, string>>(row.fields, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
