import type { ContactBody, ContactInput } from '@switchboard/core/contracts/contacts';
import type { Deps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db.ts';
import { lockUntilCommit, toJson } from '../../platform/db/columns.ts';
import type { PageRequest } from '../../platform/db/paginate.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { contactActivity, type ActivitySources } from './activity.ts';
import { parseContactFile, type ImportedRow } from './import.ts';
import { emailKey, keyOf, normaliseEmails, normalisePhones, phoneKey } from './keys.ts';
import { toContact } from './mappers.ts';
import { contactsRepository, type ContactRow } from './repository.ts';

/** The organization whose contacts a request reaches: contacts are kept per organization (agents share them). */
export const orgOf = (ctx: AuthContext): number => ctx.acting.organization_id ?? ctx.acting.id;

/** The contacts of the caller's organization among these ids (the access table's scoped lookup). */
export async function contactsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, ContactRow>> {
  const wanted = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows = await contactsRepository.byIds(db, orgOf(ctx), wanted);
  const out = new Map<string | number, ContactRow>();
  for (const id of ids) {
    const row = rows.find((r) => r.id === Number(id));
    if (row) out.set(id, row);
  }
  return out;
}

/** Contact names by address (a phone number in any format, or an e-mail) for other modules (inbox, calls, logs). */
export async function contactNamesByAddress(db: DbOrTx, orgId: number, addresses: readonly string[]): Promise<Map<string, string>> {
  const keyed = addresses.map((a) => [a, keyOf(a)] as const).filter((x): x is readonly [string, string] => x[1] !== null);
  const names = await contactsRepository.namesByKeys(db, orgId, [...new Set(keyed.map(([, k]) => k))]);
  const out = new Map<string, string>();
  for (const [address, key] of keyed) {
    const hit = names.get(key);
    if (hit) out.set(address, hit.name);
  }
  return out;
}

/** Outbound webhooks: contact.created (one per new contact, an import's too), committed with the contact. */
export function emitContactCreated(trx: Tx, orgId: number, id: number, n: Normalised) {
  const of = (prefix: string) => n.keys.filter((k) => k.key.startsWith(prefix)).map((k) => k.key.slice(prefix.length));
  return emitWebhookEvent(trx, {
    accountId: orgId,
    type: 'contact.created',
    key: `contact.created:${id}`,
    data: { contact: { id, name: n.name, phones: of('tel:'), emails: of('email:'), tags: n.tags ?? [] } },
  });
}

export interface Normalised {
  name: string;
  keys: { key: string; field: string }[];
  tags?: string[];
  notes?: string;
  fields?: Record<string, string>;
}

function normalise(input: ContactInput, creating: boolean): Normalised {
  const phones = input.phones ? normalisePhones(input.phones) : undefined;
  const emails = input.emails ? normaliseEmails(input.emails) : undefined;
  const given = (input.name ?? '').trim();
  // A new contact without a name is called by its first channel; an update leaves out what it does not give.
  const name = creating ? given || phones?.[0] || emails?.[0] || '' : given;
  if (creating && !name) throw badRequest('name: give a name, a phone or an e-mail', 'name');
  const keys = [
    ...(phones ?? []).map((p, i) => ({ key: phoneKey(p), field: `phones.${i}` })),
    ...(emails ?? []).map((e, i) => ({ key: emailKey(e), field: `emails.${i}` })),
  ];
  const tags = input.tags ? [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))] : undefined;
  return { name, keys, tags, notes: input.notes, fields: input.fields };
}

/** The first key that names another contact of the organization, as a 409 naming the field. */
async function checkFree(trx: Tx, orgId: number, keys: Normalised['keys'], self?: number): Promise<void> {
  const owners = await contactsRepository.owners(
    trx,
    orgId,
    keys.map((k) => k.key),
  );
  const taken = keys.find((k) => owners.some((o) => o.key === k.key && o.contact_id !== self));
  if (taken) {
    const value = taken.key.slice(taken.key.indexOf(':') + 1);
    const other = owners.find((o) => o.key === taken.key)!;
    const [row] = await contactsRepository.byIds(trx, orgId, [other.contact_id]);
    throw conflict(`${taken.field}: ${value} already belongs to the contact ${row?.name ?? other.contact_id}.`, taken.field);
  }
}

/** `activity`: where a contact's conversations, calls and meetings are read (modules above contacts). */
export function createContactsService(deps: Deps, activity: ActivitySources) {
  const { db } = deps;

  async function load(orgId: number, rows: ContactRow[]) {
    const keys = await contactsRepository.keysOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toContact(r, keys));
  }

  async function write(trx: Tx, orgId: number, n: Normalised, id?: number, checked = false): Promise<number> {
    const now = Date.now();
    if (!checked) await checkFree(trx, orgId, n.keys, id);
    if (id) {
      await contactsRepository.update(trx, orgId, id, {
        ...(n.name ? { name: n.name } : {}),
        ...(n.tags ? { tags: toJson(n.tags) } : {}),
        ...(n.notes !== undefined ? { notes: n.notes } : {}),
        ...(n.fields ? { fields: toJson(n.fields) } : {}),
        updated_at: now,
      });
    } else {
      id = await contactsRepository.insert(trx, {
        org_id: orgId,
        name: n.name,
        tags: toJson(n.tags ?? []),
        notes: n.notes ?? '',
        fields: toJson(n.fields ?? {}),
        created_at: now,
        updated_at: now,
      });
    }
    return id;
  }

  return {
    async list(ctx: AuthContext, q: { search?: string; page: PageRequest }) {
      await deps.requireAccess(ctx, 'contact.view');
      const { rows, total } = await contactsRepository.list(db, orgOf(ctx), { search: q.search?.trim() || undefined, page: q.page });
      return { success: true as const, contacts: await load(orgOf(ctx), rows), total, page: q.page.page, pageSize: q.page.pageSize };
    },

    /** The contact's conversations, calls and meetings (activity.ts). */
    async activity(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'contact.view', [id]);
      return contactActivity(deps, activity, ctx, id);
    },

    async get(ctx: AuthContext, id: number) {
      const found = await deps.requireAccess(ctx, 'contact.view', [id]);
      const [contact] = await load(orgOf(ctx), [found.get(id)!]);
      return { success: true as const, contact: contact! };
    },

    /** Create (no id) or update (id; what is left out keeps its value, phones/emails given replace the old ones). */
    async save(ctx: AuthContext, body: ContactBody) {
      await deps.requireAccess(ctx, 'contact.edit', body.id ? [body.id] : []);
      const orgId = orgOf(ctx);
      const n = normalise(body, !body.id);
      const id = await db.transaction().execute(async (trx) => {
        await lockUntilCommit(trx, `contacts:${orgId}`);
        const saved = await write(trx, orgId, n, body.id);
        if (!body.id) await emitContactCreated(trx, orgId, saved, n);
        if (body.phones || body.emails) {
          const keep = body.id && (!body.phones || !body.emails) ? await contactsRepository.keysOf(trx, [body.id]) : [];
          const kept = keep.filter((k) => (body.phones ? k.key.startsWith('email:') : k.key.startsWith('tel:'))).map((k) => k.key);
          await contactsRepository.replaceKeys(trx, orgId, saved, [...n.keys.map((k) => k.key), ...kept]);
        }
        return saved;
      });
      return this.get(ctx, id);
    },

    async remove(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'contact.edit', [id]);
      const orgId = orgOf(ctx);
      await db.transaction().execute((trx) => contactsRepository.remove(trx, orgId, id));
      return { success: true as const };
    },

    /**
     * CSV or vCard import: every row is checked first (a bad number or address, no name, a channel that
     * belongs to an existing contact or to an earlier row); the bad ones are reported by line and the
     * good ones are written together in one transaction.
     */
    async import(ctx: AuthContext, input: { format: 'csv' | 'vcard'; data: string }) {
      await deps.requireAccess(ctx, 'contact.edit');
      const orgId = orgOf(ctx);
      const { rows, errors } = parseContactFile(input.format, input.data);
      if (rows.length > 5000) throw badRequest('data: at most 5000 contacts per import', 'data');
      const good: { line: number; n: Normalised }[] = [];
      for (const row of rows) {
        try {
          good.push({ line: row.line, n: normalise(row.contact, true) });
        } catch (err) {
          errors.push({ line: row.line, message: (err as Error).message });
        }
      }
      const imported = await db.transaction().execute(async (trx) => {
        await lockUntilCommit(trx, `contacts:${orgId}`);
        const existing = new Set(
          (
            await contactsRepository.owners(
              trx,
              orgId,
              good.flatMap((g) => g.n.keys.map((k) => k.key)),
            )
          ).map((o) => o.key),
        );
        let count = 0;
        for (const g of good) {
          const clash = g.n.keys.find((k) => existing.has(k.key));
          if (clash) {
            errors.push({ line: g.line, message: `${clash.key.slice(clash.key.indexOf(':') + 1)} already belongs to a contact.` });
            continue;
          }
          const id = await write(trx, orgId, g.n, undefined, true);
          await emitContactCreated(trx, orgId, id, g.n);
          await contactsRepository.replaceKeys(
            trx,
            orgId,
            id,
            g.n.keys.map((k) => k.key),
          );
          for (const k of g.n.keys) existing.add(k.key);
          count++;
        }
        return count;
      });
      errors.sort((a, b) => a.line - b.line);
      return { success: true as const, imported, errors };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
export type { ImportedRow };
