import type { Contact } from '@switchboard/core/contracts/contacts';
import type { Db, DbOrTx } from '../../db.ts';
import { lockUntilCommit, toJson } from '../../platform/db/columns.ts';
import { keyOf } from './keys.ts';
import { toContact } from './mappers.ts';
import { contactsRepository } from './repository.ts';
import { emitContactCreated } from './service.ts';

/** Who the agent is talking with: the number of the call or text, or in a chat what the visitor gave. */
export interface CallerIdentity {
  phone: string | null;
  email: string | null;
}

const keysOf = (who: CallerIdentity) => [who.phone, who.email].map((a) => (a ? keyOf(a) : null)).filter((k): k is string => k !== null);

/** The caller's saved contact in the organization, found by the number (or e-mail) they use; null when none. */
export async function callerContact(db: DbOrTx, orgId: number, who: CallerIdentity): Promise<Contact | null> {
  const owners = await contactsRepository.owners(db, orgId, keysOf(who));
  const id = owners[0]?.contact_id;
  if (id == null) return null;
  const [row] = await contactsRepository.byIds(db, orgId, [id]);
  return row ? toContact(row, await contactsRepository.keysOf(db, [id])) : null;
}

/**
 * The agent saves what the caller said: their name, an e-mail (added when no other contact has it), a
 * note (appended to the notes). A caller without a contact gets one, named by what they said or by their
 * number, and the contact.created webhook fires with it; all in one transaction under the organization's
 * contacts lock, like a save from the app.
 */
export async function saveCallerContact(
  db: Db,
  orgId: number,
  who: CallerIdentity,
  said: { name?: string; email?: string; note?: string },
) {
  return db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, `contacts:${orgId}`);
    const now = Date.now();
    const found = await callerContact(trx, orgId, who);
    const emailKey = said.email ? keyOf(said.email) : null;
    const emailFree =
      emailKey !== null && (await contactsRepository.owners(trx, orgId, [emailKey])).every((o) => o.contact_id === found?.id);
    if (found) {
      const notes = said.note ? [found.notes, said.note].filter(Boolean).join('\n') : undefined;
      await contactsRepository.update(trx, orgId, found.id, {
        ...(said.name ? { name: said.name } : {}),
        ...(notes !== undefined ? { notes } : {}),
        updated_at: now,
      });
      if (emailFree && emailKey) {
        const keys = (await contactsRepository.keysOf(trx, [found.id])).sort((a, b) => a.position - b.position).map((k) => k.key);
        if (!keys.includes(emailKey)) await contactsRepository.replaceKeys(trx, orgId, found.id, [...keys, emailKey]);
      }
      return (await callerContact(trx, orgId, who))!;
    }
    const keys = [...keysOf({ phone: who.phone, email: who.email }), ...(emailFree && emailKey ? [emailKey] : [])];
    const unique = [...new Set(keys)];
    if (!unique.length) return null;
    const name = said.name || who.phone || said.email || who.email || '';
    const id = await contactsRepository.insert(trx, {
      org_id: orgId,
      name,
      tags: toJson([]),
      notes: said.note ?? '',
      fields: toJson({}),
      created_at: now,
      updated_at: now,
    });
    await contactsRepository.replaceKeys(trx, orgId, id, unique);
    await emitContactCreated(trx, orgId, id, { name, keys: unique.map((key) => ({ key, field: key.split(':')[0]! })), tags: [] });
    return callerContact(trx, orgId, who);
  });
}
