import { WEBHOOK_EVENTS } from '@switchboard/core/contracts/webhooks';
import type { Deps } from '../../deps.ts';
import type { Background } from '../../platform/background.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { runAllOnSqlite } from '../../platform/db/index.ts';
import type { JobRow } from '../../platform/jobs/queue.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import { batchPerTurn } from '../../platform/turnBatch.ts';
import { findAccount } from '../accounts/index.ts';
import { OutboundError, requestJson } from '../../platform/http/outbound.ts';
import { logInsertStatement, recordLog, recordLogs, type NewLog } from '../logs/index.ts';
import { cursorRepository, deliveriesRepository, endpointsRepository, outboxRepository, type Attempt } from './repository.ts';
import { signatureHeaders } from './signing.ts';

/**
 * Deliveries. Events become deliveries by a scan of the durable event log past a cursor: the
 * deliveries (one per endpoint and event), their jobs and the cursor commit together, so a crash
 * loses none and a rescan adds none. Each delivery is a job: POST, signed; a failure schedules the
 * next attempt (WEBHOOK_RETRY_DELAYS_MS, about a day in all), each attempt recorded with its status
 * and time. A delivery that fails for good counts against its endpoint, which pauses after
 * WEBHOOK_PAUSE_AFTER such deliveries in a row.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000,
];
export const WEBHOOK_PAUSE_AFTER = 5;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const SCAN_BATCH = 500;
const DELIVER = 'webhooks.deliver';
/** An endpoint's deliveries share a lane of the job queue: one at a time, in event order; endpoints side by side. */
const laneOf = (endpointId: number) => `webhook:${endpointId}`;

export function createDelivery(deps: Deps, bg: Background) {
  const { db } = deps;
  const box = () => secretBoxFor(deps.config);
  const types: readonly string[] = WEBHOOK_EVENTS;

  type EventRow = { id: number; type: string; account_id: number; agent_id: number | null; payload: unknown; created_at: number };

  /**
   * One delivery and its first job per event and subscribed endpoint of its account (or agent) that
   * existed when it happened; the delivery is unique per endpoint and event id (`<prefix><row id>`).
   */
  async function fanOut(trx: Parameters<Parameters<typeof bg.write>[0]>[0], events: EventRow[], prefix: string): Promise<number> {
    if (!events.length) return 0;
    let added = 0;
    const owners = [...new Set(events.flatMap((e) => [e.account_id, ...(e.agent_id != null ? [e.agent_id] : [])]))];
    const endpoints = await endpointsRepository.activeFor(trx, owners);
    for (const e of events) {
      for (const ep of endpoints) {
        const subscribed = fromJson<string[]>(ep.events, []).includes(e.type);
        if (!subscribed || (ep.account_id !== e.account_id && ep.account_id !== e.agent_id) || ep.created_at > Number(e.created_at))
          continue;
        const payload = {
          id: `${prefix}${e.id}`,
          type: e.type,
          createdAt: Number(e.created_at),
          accountId: e.account_id,
          data: fromJson(e.payload, {}),
        };
        const row = await deliveriesRepository.insert(
          trx,
          { endpointId: ep.id, accountId: ep.account_id, eventId: payload.id, eventType: e.type, payload },
          Date.now(),
        );
        if (row) {
          added++;
          await bg.queue.enqueue(DELIVER, { deliveryId: row.id }, { key: `webhook:${row.id}:1`, maxAttempts: 3, lane: laneOf(ep.id) }, trx);
        }
      }
    }
    return added;
  }

  /** Turns new events of the log into deliveries and jobs. Returns how many deliveries it added. */
  async function scan(): Promise<number> {
    let added = 0;
    for (;;) {
      const more = await bg.write(async (trx) => {
        const cursor = await cursorRepository.lock(trx, deps.dbKind === 'postgres');
        const events = await cursorRepository.eventsAfter(trx, cursor, SCAN_BATCH);
        if (!events.length) return false;
        added += await fanOut(
          trx,
          events.filter((e) => types.includes(e.type)),
          'evt_',
        );
        await cursorRepository.set(trx, Number(events.at(-1)!.id));
        return events.length === SCAN_BATCH;
      });
      if (!more) return added + (await scanOutbox());
    }
  }

  /** Turns emitted events (calls, contacts, payments: the webhook outbox) into deliveries, once each. */
  async function scanOutbox(): Promise<number> {
    let added = 0;
    for (;;) {
      const more = await bg.write(async (trx) => {
        const rows = await outboxRepository.waiting(trx, SCAN_BATCH, deps.dbKind === 'postgres');
        if (!rows.length) return false;
        added += await fanOut(trx, rows, 'evt_o');
        await outboxRepository.dispatched(
          trx,
          rows.map((r) => r.id),
          Date.now(),
        );
        return rows.length === SCAN_BATCH;
      });
      if (!more) {
        await outboxRepository.prune(db, Date.now() - 7 * 24 * 3_600_000);
        return added;
      }
    }
  }

  /** Adds one delivery outside the event log (the test button, a replay) and queues it in its endpoint's lane. */
  async function enqueueDelivery(deliveryId: number, endpointId: number, attempt: number, delayMs = 0) {
    await bg.write(async (trx) => {
      await bg.queue.enqueue(
        DELIVER,
        { deliveryId },
        { key: `webhook:${deliveryId}:${attempt}`, delayMs, maxAttempts: 3, lane: laneOf(endpointId) },
        trx,
      );
    });
  }

  /** Keeps a value under its key in a map of at most 1,000 (the oldest out first). */
  const keep = <K, V>(map: Map<K, V>, key: K, value: V): V => {
    if (map.size >= 1000) map.delete(map.keys().next().value!);
    map.set(key, value);
    return value;
  };
  /** Endpoint secrets opened once (by their sealed text): opening is a decryption per delivery otherwise. */
  const opened = new Map<string, string>();
  const secretOf = (sealed: string) => opened.get(sealed) ?? keep(opened, sealed, box().open(sealed));
  /** Whom an endpoint's log rows name, by its owner: an organization, or an agent and its organization. */
  const owners = new Map<number, { accountId: number; agentId: number | null }>();
  const logOwnerOf = async (accountId: number) => {
    const known = owners.get(accountId);
    if (known) return known;
    const owner = await findAccount(db, accountId);
    const agent = owner?.account_type === 'agent';
    const named = {
      accountId: agent && owner.organization_id != null ? owner.organization_id : accountId,
      agentId: agent ? owner.id : null,
    };
    return owner ? keep(owners, accountId, named) : named;
  };

  /** A delivered attempt's record: the delivery's row, its log and its job's acknowledgement. */
  interface Delivered {
    job: JobRow;
    deliveryId: number;
    attempts: number;
    responseStatus: number | null;
    durationMs: number;
    at: number;
    log: NewLog;
  }
  /**
   * Delivered attempts waiting to be recorded: those that end in the same turn of the event loop, or
   * while a record commits, share one transaction (`batchPerTurn`: one per batch instead of one per
   * delivery). A delivery's handler returns once its record committed; a failed commit fails each of its
   * jobs, which run again (the log is keyed per attempt, so a rerun records once).
   */
  const recordQueue = batchPerTurn<{ rec: Delivered; resolve: () => void; reject: (err: unknown) => void }>(async (batch) => {
    try {
      await recordBatch(batch.map((b) => b.rec));
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err ?? new Error('recording the deliveries failed'));
    }
  });
  const recordDelivered = (rec: Delivered) => new Promise<void>((resolve, reject) => recordQueue({ rec, resolve, reject }));

  /**
   * Delivered attempts' records in one transaction. On SQLite their compiled statements run straight on
   * the connection (`runAllOnSqlite`), where Kysely's transaction and builder cost more than SQLite's
   * own work (npm run bench integrations); on PostgreSQL, the log rows and the acknowledgements go in
   * one statement each, to save round trips.
   */
  async function recordBatch(recs: Delivered[]) {
    const delivered = (r: Delivered): Attempt => ({
      status: 'delivered',
      attempts: r.attempts,
      responseStatus: r.responseStatus,
      error: null,
      durationMs: r.durationMs,
      at: r.at,
    });
    if (deps.dbKind === 'sqlite') {
      const statements = recs.flatMap((r) => [
        deliveriesRepository.attemptedStatement(db, r.deliveryId, delivered(r)),
        logInsertStatement(db, r.log),
        bg.queue.completeStatement(r.job),
      ]);
      return runAllOnSqlite(db, statements);
    }
    await db.transaction().execute(async (trx) => {
      for (const r of recs) await deliveriesRepository.attempted(trx, r.deliveryId, delivered(r));
      await recordLogs(
        trx,
        recs.map((r) => r.log),
      );
      await bg.queue.completeMany(
        recs.map((r) => r.job),
        trx,
      );
    });
  }

  async function deliver(payload: { deliveryId: number }, job: JobRow): Promise<'acked' | void> {
    // The delivery with its endpoint, in one read.
    const found = await deliveriesRepository.withEndpoint(db, payload.deliveryId);
    if (!found || found.delivery.status !== 'pending') return; // delivered, failed for good, or its endpoint deleted
    const { delivery: d, endpoint: ep } = found;
    if (!ep.active) return;
    // The stored body as is (SQLite keeps the JSON text; PostgreSQL hands back the parsed value).
    const body = typeof d.payload === 'string' ? d.payload : JSON.stringify(d.payload);
    const headers = signatureHeaders(secretOf(ep.secret), d.event_id, Math.floor(bg.queue.now() / 1000), body);
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await requestJson(ep.url, {
        method: 'POST',
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS,
        headers,
      });
      status = res.status;
      if (res.status < 200 || res.status >= 300) error = `The endpoint answered ${res.status}.`;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      error = err.message;
    }
    const durationMs = Math.round(performance.now() - started);
    const attempts = d.attempts + 1;
    const at = bg.queue.now();
    const delay = error ? WEBHOOK_RETRY_DELAYS_MS[attempts - 1] : undefined;
    const outcome = !error ? 'delivered' : delay != null ? 'retrying' : 'failed';
    // The log row is keyed per attempt and committed with the attempt's record (and the next attempt's job).
    const log: NewLog = {
      ...(await logOwnerOf(ep.account_id)),
      kind: 'webhook',
      status: outcome,
      direction: 'outbound',
      summary: `${d.event_type} → ${ep.url}: ${error ?? `answered ${status}`}`,
      details: { deliveryId: d.id, endpointId: ep.id, eventId: d.event_id, attempt: attempts, responseStatus: status, durationMs, error },
      key: `webhook:${d.id}:${attempts}`,
      at,
    };
    if (!error) {
      // The attempt's record, its log and the job's acknowledgement commit together (with others' that end meanwhile).
      await recordDelivered({ job, deliveryId: d.id, attempts, responseStatus: status, durationMs, at, log });
      if (ep.failed_in_a_row > 0) await endpointsRepository.succeeded(db, ep.id);
      return 'acked';
    }
    if (delay != null) {
      // The attempt's record, its log and the next attempt's job commit together.
      await bg.write(async (trx) => {
        await deliveriesRepository.attempted(trx, d.id, { status: 'pending', attempts, responseStatus: status, error, durationMs, at });
        await recordLog(trx, log);
        await bg.queue.enqueue(
          DELIVER,
          { deliveryId: d.id },
          { key: `webhook:${d.id}:${attempts + 1}`, delayMs: delay, maxAttempts: 3, lane: laneOf(ep.id) },
          trx,
        );
      });
      return;
    }
    await bg.write(async (trx) => {
      await deliveriesRepository.attempted(trx, d.id, { status: 'failed', attempts, responseStatus: status, error, durationMs, at });
      await recordLog(trx, log);
    });
    if ((await endpointsRepository.failedOnce(db, ep.id)) >= WEBHOOK_PAUSE_AFTER) {
      await endpointsRepository.setActive(
        db,
        ep.id,
        false,
        `Paused after ${WEBHOOK_PAUSE_AFTER} deliveries failed in a row; resume it when the endpoint works.`,
      );
    }
  }

  bg.queue.register(DELIVER, deliver);
  return { scan, enqueueDelivery };
}

export type Delivery = ReturnType<typeof createDelivery>;
