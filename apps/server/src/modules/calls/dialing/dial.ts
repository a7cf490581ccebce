import crypto from 'node:crypto';
import type { Db } from '../../../db.ts';
import type { Deps } from '../../../deps.ts';
import { toJson } from '../../../platform/db/columns.ts';
import { badRequest, paymentRequired, ruleBroken } from '../../../platform/http/errors.ts';
import { normalizePhone } from '../../../platform/http/phone.ts';
import { clientKey, insertOnce } from '../../../platform/idempotency/index.ts';
import type { OutboundCall } from '../../../platform/providers/carrier/index.ts';
import { canPayFor } from '../../billing/index.ts';
import { accountOfNumber, noteInboundCall, numberOfAccount } from '../../numbers/index.ts';
import { toCall } from '../mappers.ts';
import { callsRepository } from '../repository.ts';
import type { Scope } from '../scope/scope.ts';
import type { createTickets } from './tickets.ts';

/** Another way out for a call (SIP trunks): it dials and answers, or says null to leave it to the carrier. */
export type CallDialer = (call: OutboundCall & { accountId: number }) => Promise<DialResult | null>;
type DialResult = { status: 'ringing' | 'failed' | 'no-answer'; error?: string };

/**
 * New calls: a browser's test call, an outbound call (the SIP module's dialers first, then the carrier),
 * and an inbound call at one of our numbers, each stored once per key with a ticket for its media stream.
 */
export function createDialing(deps: Deps, tickets: ReturnType<typeof createTickets>) {
  const { db } = deps;
  const dialers: CallDialer[] = [];
  const newId = () => `CA${crypto.randomBytes(16).toString('hex')}`;
  const streamUrl = () => `${deps.config.publicUrl.replace(/^http/, 'ws')}/api/v1/calls/media`;

  async function create(
    scope: Scope,
    createdBy: number | null,
    input: { direction: 'outbound' | 'web'; from: string; to: string; idempotencyKey?: string },
  ) {
    const now = Date.now();
    const key = clientKey('call', scope.agentId ?? scope.accountId, input.idempotencyKey);
    const { row, repeated } = await insertOnce(
      () =>
        callsRepository.insert(db, {
          id: newId(),
          account_id: scope.accountId,
          agent_id: scope.agentId ?? scope.accountId,
          direction: input.direction,
          from_number: input.from,
          to_number: input.to,
          status: 'queued',
          client_key: key,
          started_at: now,
          answered_at: null,
          ended_at: null,
          end_reason: null,
          transcript: toJson([]),
          events: toJson([]),
          created_by: createdBy,
        }),
      () => callsRepository.byClientKey(db, key!),
    );
    return { row, repeated };
  }

  return {
    streamUrl,
    create,
    /** A dialer asked first for each outbound call (the SIP module's outbound routes). */
    useDialer(dialer: CallDialer) {
      dialers.push(dialer);
    },

    /** Dials out for a scope (an organization, or an agent of it): checks the number and the funds, then one call per key. */
    async dialOut(scope: Scope, createdBy: number | null, input: { to: string; idempotencyKey?: string }) {
      const to = normalizePhone(input.to);
      if (!to) throw badRequest('to: Please enter a valid phone number.', 'to');
      const from = await numberOfAccount(db, scope.accountId);
      if (!from) throw ruleBroken('Give the organization a phone number before placing calls.');
      // A call is paid by the minute: the wallet must cover its first minute before it is dialled.
      const funds = await canPayFor(db as Db, scope.accountId, 'voice', 1);
      if (!funds.ok) throw paymentRequired(funds.message!);
      const { row, repeated } = await create(scope, createdBy, { direction: 'outbound', from, to, idempotencyKey: input.idempotencyKey });
      const ticket = tickets.ticketFor(row.id);
      if (!repeated) {
        let dial: DialResult | null = null;
        for (const dialer of dialers) {
          dial = await dialer({ accountId: scope.accountId, callId: row.id, from, to, ticket, streamUrl: streamUrl() });
          if (dial) break;
        }
        dial ??= deps.carrier.placeCall
          ? await deps.carrier.placeCall({ callId: row.id, from, to, ticket, streamUrl: streamUrl() })
          : { status: 'failed' as const, error: 'The carrier cannot place calls.' };
        if (dial.status === 'ringing') await callsRepository.update(db, row.id, { status: 'ringing' }, ['queued']);
        else
          await callsRepository.update(db, row.id, { status: dial.status, ended_at: Date.now(), end_reason: dial.error ?? null }, [
            'queued',
          ]);
      }
      const fresh = (await callsRepository.byId(db, row.id))!;
      return { success: true as const, call: toCall(fresh), streamUrl: streamUrl(), ticket };
    },

    /** A call arrives at one of our numbers (carrierSid: the carrier's id, so a replayed webhook answers the same call). */
    async startInbound(input: { carrierSid: string; from: string; to: string }) {
      // A forwarding check waiting for this caller id hears of the call first.
      await noteInboundCall(db, input);
      const owner = await accountOfNumber(db, normalizePhone(input.to) ?? input.to);
      if (!owner) return null;
      const key = clientKey('carrier-call', owner.accountId, input.carrierSid);
      const { row } = await insertOnce(
        () =>
          callsRepository.insert(db, {
            status: 'queued',
            started_at: Date.now(),
            answered_at: null,
            ended_at: null,
            end_reason: null,
            transcript: toJson([]),
            events: toJson([]),
            created_by: null,
            id: newId(),
            account_id: owner.accountId,
            agent_id: owner.agentId ?? owner.accountId,
            direction: 'inbound',
            from_number: input.from,
            to_number: owner.number,
            client_key: key,
          }),
        () => callsRepository.byClientKey(db, key!),
      );
      return { call: toCall(row), streamUrl: streamUrl(), ticket: tickets.ticketFor(row.id) };
    },
  };
}
