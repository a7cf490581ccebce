import type { Generated } from 'kysely';

export interface ContactsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  tags: unknown;
  notes: string;
  fields: unknown;
  created_at: number;
  updated_at: number;
}

/** One identifying channel of a contact: `tel:+E164` or `email:lower@case`, unique per organization. */
export interface ContactKeysTable {
  org_id: number;
  key: string;
  contact_id: number;
  /** Order of the channel within its kind (the first phone is the main one). */
  position: number;
}

export interface ContactsTables {
  contacts: ContactsTable;
  contact_keys: ContactKeysTable;
}
