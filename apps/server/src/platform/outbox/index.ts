import type { Db } from '../db/index.ts';

/**
 * The outbox table records every e-mail and SMS the product sends, whatever the provider, keyed by an
 * idempotency key so a retried send never goes out twice. The local providers deliver into it; the
 * real adapters record what they handed to the outside service.
 */
export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  from?: string | null;
  subject?: string | null;
  body: string;
  idempotencyKey: string;
}

/** A provider's failure (its answer mapped to the API's 4xx/502/503): one class, in platform/providers/failures.ts. */
export { ProviderError } from '../providers/failures.ts';

/** Reserves the send: returns 'sent' when this key already went out, else the row id to complete. */
export async function reserveSend(db: Db, e: OutboxEntry): Promise<{ alreadySent: true } | { alreadySent: false; id: number }> {
  const existing = await db
    .selectFrom('outbox')
    .select(['id', 'status'])
    .where('idempotency_key', '=', e.idempotencyKey)
    .executeTakeFirst();
  if (existing?.status === 'sent') return { alreadySent: true };
  if (existing) return { alreadySent: false, id: existing.id };
  const row = await db
    .insertInto('outbox')
    .values({
      channel: e.channel,
      to_address: e.to,
      from_address: e.from ?? null,
      subject: e.subject ?? null,
      body: e.body,
      status: 'pending',
      error: null,
      idempotency_key: e.idempotencyKey,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { alreadySent: false, id: row.id };
  // A concurrent send with the same key won the insert: report it as sent by that one.
  return { alreadySent: true };
}

export async function completeSend(db: Db, id: number, outcome: { ok: true } | { ok: false; error: string }): Promise<void> {
  await db
    .updateTable('outbox')
    .set(outcome.ok ? { status: 'sent', error: null } : { status: 'failed', error: outcome.error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  from: string | null;
  subject: string | null;
  body: string;
  status: string;
  error: string | null;
  createdAt: number;
}

export async function listOutbox(db: Db, channels: ('email' | 'sms')[], limit = 100): Promise<OutboxMessage[]> {
  if (channels.length === 0) return [];
  const rows = await db.selectFrom('outbox').selectAll().where('channel', 'in', channels).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    channel: r.channel,
    to: r.to_address,
    from: r.from_address,
    subject: r.subject,
    body: r.body,
    status: r.status,
    error: r.error,
    createdAt: Number(r.created_at),
  }));
}

/** Runs one send through the outbox: reserve, deliver, record the outcome. */
export async function sendThroughOutbox(db: Db, entry: OutboxEntry, deliver: () => Promise<void>): Promise<void> {
  const reserved = await reserveSend(db, entry);
  if (reserved.alreadySent) return;
  try {
    await deliver();
  } catch (err) {
    await completeSend(db, reserved.id, { ok: false, error: (err as Error).message });
    throw err;
  }
  await completeSend(db, reserved.id, { ok: true });
}
