import type { Deps } from '../../deps.ts';
import { fromJson, isSet } from '../../platform/db/columns.ts';
import { notFound } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { PermanentJobError, type JobQueue } from '../../platform/jobs/queue.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import type { DeliveryStatus, InboundSms } from '../../platform/providers/carrier/index.ts';
import { accountOfNumber } from '../numbers/index.ts';
import { recordLog } from '../logs/index.ts';
import type { AgentResponder } from './agentAdapter.ts';
import { actionsOf } from './events.ts';
import { MESSAGE_MAX, type Messaging } from './messaging.ts';
import { scopeOf } from './owner.ts';
import { messagesRepository, roomsRepository, type Attachment, type MessageRow } from './repository.ts';

const HISTORY_TURNS = 20;

/**
 * The conversation jobs (the agent's reply, an SMS send, a delivery receipt) and the carrier ingress
 * (inbound SMS open or continue a room). Jobs run on the durable queue, so each is safe to run twice.
 */
export function registerConversationJobs(deps: Deps, queue: JobQueue, m: Messaging, agent: AgentResponder) {
  const { db } = deps;

  async function runAgentReply(payload: { messageId: number }): Promise<void> {
    const key = `reply:${payload.messageId}`;
    const existing = await messagesRepository.byKey(db, key);
    if (existing) {
      // The reply was stored by an earlier run that died before its acknowledgement.
      if (existing.channel === 'sms' && existing.status === 'queued') {
        await queue.enqueue('message.send', { messageId: existing.id }, { key: `send:${existing.id}` });
      }
      return;
    }
    const inbound = await messagesRepository.byId(db, payload.messageId);
    if (!inbound || isSet(inbound.blocked)) return;
    const room = await roomsRepository.byId(db, inbound.room_pk);
    if (!room || !isSet(room.ai_agent_enabled)) return;
    await m.write(async (_trx, emit) => {
      await emit({ type: 'typing', ...scopeOf(room), payload: { roomId: room.room_id, who: 'agent', username: room.our_address } });
    });
    const history = (await messagesRepository.page(db, room.id, { before: inbound.id, limit: HISTORY_TURNS, includeBlocked: false }))
      .filter((m) => m.sender_kind !== 'system') // events are for staff, not part of the dialogue
      .reverse()
      .map((m) => ({ role: m.direction === 'inbound' ? ('user' as const) : ('assistant' as const), content: m.body }));
    const turn = { accountId: room.account_id, agentId: room.agent_id, contact: room.contact_address, roomId: room.room_id };
    const reply = await agent
      .respond({
        accountId: room.agent_id ?? room.account_id,
        history,
        message: inbound.body,
        channel: room.channel,
        conversation: { roomId: room.room_id, from: room.contact_address, to: room.our_address ?? '' },
      })
      .catch(async (err: unknown) => {
        await recordLog(db, {
          ...turn,
          kind: 'error',
          status: 'failed',
          summary: `The agent did not answer: ${(err as Error).message}`,
          details: { messageId: inbound.id },
        });
        throw err;
      });
    await recordLog(db, {
      ...turn,
      kind: 'agent_turn',
      status: 'ok',
      summary: reply.text.slice(0, 500) || '[no text]',
      details: {
        messageId: inbound.id,
        usage: reply.usage ?? null,
        provider: reply.provider ?? null,
        functions: (reply.functionCalls ?? []).length,
      },
      key,
    });
    const fresh = (await roomsRepository.byId(db, room.id))!;
    // The AI may have been switched off while it was thinking: a person answers now.
    if (!isSet(fresh.ai_agent_enabled)) return;
    // What the agent did (bookings, messages taken, transfers, other calls) goes in the thread first.
    await m.recordActions(fresh, actionsOf(reply.functionCalls), key);
    const text = reply.text.trim();
    if (!text) return;
    await m.sendOut(fresh, {
      direction: 'outbound',
      senderKind: 'agent',
      senderAccountId: room.agent_id,
      senderAddress: room.our_address,
      body: text.slice(0, MESSAGE_MAX),
      key,
    });
  }

  async function runSend(payload: { messageId: number }): Promise<void> {
    const msg = await messagesRepository.byId(db, payload.messageId);
    if (!msg || msg.status !== 'queued') return;
    const room = await roomsRepository.byId(db, msg.room_pk);
    if (!room) return;
    let sid: string | null;
    try {
      ({ sid } = await deps.carrier.sendSms({
        to: room.contact_address,
        from: room.our_address ?? undefined,
        body:
          msg.body +
          fromJson<Attachment[]>(msg.attachments, [])
            .map((a) => `\n${a.url.startsWith('http') ? a.url : deps.config.publicUrl + a.url}`)
            .join(''),
        idempotencyKey: `msg:${msg.id}`,
      }));
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await m.updateStatus(msg, 'failed', err.message);
        throw new PermanentJobError(err.message);
      }
      throw err;
    }
    await m.updateStatus(msg, 'sent', null, sid);
  }

  async function runStatus(payload: DeliveryStatus): Promise<void> {
    const msg = await messagesRepository.byExternalId(db, payload.sid);
    // The receipt can overtake the send's own record of the carrier id: try again shortly.
    if (!msg) throw new Error(`No message with carrier id ${payload.sid} yet.`);
    const next: MessageRow['status'] = payload.status === 'delivered' ? 'delivered' : payload.status === 'sent' ? 'sent' : 'failed';
    if (msg.status === next || (next === 'sent' && msg.status === 'delivered')) return;
    await m.updateStatus(msg, next, next === 'failed' ? (payload.error ?? 'The carrier could not deliver the message.') : null);
  }

  queue.register('agent.reply', runAgentReply);
  queue.register('message.send', runSend);
  queue.register('message.status', runStatus);

  /** Carrier callbacks: inbound SMS and delivery receipts. */
  const carrierListener = {
    async onInbound(sms: InboundSms): Promise<void> {
      const to = normalizePhone(sms.to) ?? sms.to;
      const from = normalizePhone(sms.from) ?? sms.from;
      const number = await accountOfNumber(db, to);
      if (!number || !number.smsEnabled) throw notFound('No organization takes texts at that number.');
      const owner = { orgId: number.accountId, agentId: null };
      let room = await roomsRepository.findByAddress(db, owner.orgId, 'sms', from);
      let isNew = false;
      if (!room) {
        isNew = true;
        room = await m.write((trx, emit) =>
          m.createRoom(trx, emit, {
            owner,
            channel: 'sms',
            contactAccountId: null,
            contactAddress: from,
            ourAddress: number.number,
            username: from,
            inboxType: 'agent',
            aiEnabled: true,
          }),
        );
      }
      await m.receive(
        room,
        {
          direction: 'inbound',
          senderKind: 'contact',
          senderAccountId: null,
          senderAddress: from,
          body: sms.body.slice(0, MESSAGE_MAX),
          attachments: (sms.media ?? []).map((url) => ({ url, type: 'media' })),
          externalId: sms.sid,
          key: `in:${sms.sid}`,
        },
        { isNewRoom: isNew },
      );
    },
    async onStatus(status: DeliveryStatus): Promise<void> {
      await queue.enqueue('message.status', status, { key: `status:${status.sid}:${status.status}` });
    },
  };
  deps.carrier.listen(carrierListener);
  return carrierListener;
}
