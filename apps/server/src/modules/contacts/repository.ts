import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { PageRequest } from '../../platform/db/paginate.ts';
import { pageOf } from '../../platform/db/paginate.ts';
import type { ContactsTable } from './tables.ts';

export type ContactRow = Selectable<ContactsTable>;
export interface ContactKey {
  key: string;
  contact_id: number;
  position: number;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const contactsRepository = {
  async byIds(db: DbOrTx, orgId: number, ids: readonly number[]): Promise<ContactRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();
  },

  async list(db: DbOrTx, orgId: number, q: { search?: string; page: PageRequest }): Promise<{ rows: ContactRow[]; total: number }> {
    let base = db.selectFrom('contacts').where('contacts.org_id', '=', orgId);
    if (q.search) {
      const p = likePattern(q.search);
      const digits = q.search.replace(/\D/g, '');
      base = base.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['contacts.name']), 'like', p),
          eb(eb.fn('lower', ['contacts.notes']), 'like', p),
          eb.exists(
            eb
              .selectFrom('contact_keys as k')
              .select('k.contact_id')
              .whereRef('k.contact_id', '=', 'contacts.id')
              .where((e2) => e2.or([e2('k.key', 'like', p), ...(digits.length >= 3 ? [e2('k.key', 'like', `%${digits}%`)] : [])])),
          ),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      pageOf(base.selectAll('contacts').orderBy('contacts.name').orderBy('contacts.id'), q.page).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  async keysOf(db: DbOrTx, contactIds: readonly number[]): Promise<ContactKey[]> {
    if (contactIds.length === 0) return [];
    return db
      .selectFrom('contact_keys')
      .select(['key', 'contact_id', 'position'])
      .where('contact_id', 'in', contactIds)
      .orderBy('position')
      .execute();
  },

  /** Which of these keys already name a contact of the organization (and which one). */
  async owners(db: DbOrTx, orgId: number, keys: readonly string[]): Promise<{ key: string; contact_id: number }[]> {
    if (keys.length === 0) return [];
    return db.selectFrom('contact_keys').select(['key', 'contact_id']).where('org_id', '=', orgId).where('key', 'in', keys).execute();
  },

  async insert(db: DbOrTx, row: Insertable<ContactsTable>): Promise<number> {
    const r = await db.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async update(db: DbOrTx, orgId: number, id: number, set: Partial<Insertable<ContactsTable>>): Promise<void> {
    await db.updateTable('contacts').set(set).where('org_id', '=', orgId).where('id', '=', id).execute();
  },

  async replaceKeys(db: DbOrTx, orgId: number, contactId: number, keys: string[]): Promise<void> {
    await db.deleteFrom('contact_keys').where('contact_id', '=', contactId).execute();
    if (keys.length) {
      await db
        .insertInto('contact_keys')
        .values(keys.map((key, position) => ({ org_id: orgId, key, contact_id: contactId, position })))
        .execute();
    }
  },

  async remove(db: DbOrTx, orgId: number, id: number): Promise<void> {
    await db.deleteFrom('contact_keys').where('org_id', '=', orgId).where('contact_id', '=', id).execute();
    await db.deleteFrom('contacts').where('org_id', '=', orgId).where('id', '=', id).execute();
  },

  /** Names of the contacts that these keys identify, by key. */
  async namesByKeys(db: DbOrTx, orgId: number, keys: readonly string[]): Promise<Map<string, { id: number; name: string }>> {
    if (keys.length === 0) return new Map();
    const rows = await db
      .selectFrom('contact_keys as k')
      .innerJoin('contacts as c', 'c.id', 'k.contact_id')
      .select(['k.key', 'c.id', 'c.name'])
      .where('k.org_id', '=', orgId)
      .where('k.key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.key, { id: r.id, name: r.name }]));
  },

  /** The organization's contacts with their phone and e-mail keys (at most `limit` contacts, by name). */
  async channels(db: DbOrTx, orgId: number, limit: number): Promise<{ id: number; name: string; keys: string[] }[]> {
    const contacts = await db
      .selectFrom('contacts')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .orderBy('name')
      .limit(limit)
      .execute();
    if (contacts.length === 0) return [];
    const keys = await db
      .selectFrom('contact_keys')
      .select(['contact_id', 'key'])
      .where('org_id', '=', orgId)
      .where(
        'contact_id',
        'in',
        contacts.map((c) => c.id),
      )
      .orderBy('position')
      .execute();
    return contacts.map((c) => ({ ...c, keys: keys.filter((k) => k.contact_id === c.id).map((k) => k.key) }));
  },
};
