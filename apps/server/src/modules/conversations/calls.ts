import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { Attachment } from '@switchboard/core/contracts/conversations';
import { MESSAGE_MAX, type Messaging } from './messaging.ts';
import { scopeOf } from './owner.ts';
import { activityRepository, roomsRepository } from './repository.ts';

/** A phone call's entry in its contact's conversation (the calls module writes one when it starts and one when it ends). */
export interface CallEntry {
  callId: string;
  orgId: number;
  /** The agent the call was with, when it is one agent's (null: the organization's own). */
  agentId: number | null;
  /** The caller's (inbound) or callee's (outbound) phone number: the conversation's contact. */
  contact: string;
  /** Our number on the call. */
  ourNumber: string;
  direction: 'inbound' | 'outbound';
  phase: 'started' | 'ended';
  body: string;
  attachments?: Attachment[];
}

/**
 * Calls in the inbox: a call joins the conversation with the same contact (the phone number's
 * conversation, opened when there is none yet), as entries of channel `voice` written by the system,
 * with the call id (so the inbox links to the call and the call log to the conversation). Each phase is
 * written once (its key), shows in the Agent activity list, and is never sent anywhere.
 */
export function createCallEntries(deps: Deps, m: Messaging) {
  const { db } = deps;
  return async function recordCall(e: CallEntry): Promise<{ roomId: string }> {
    const owner = { orgId: e.orgId, agentId: e.agentId };
    let room = await roomsRepository.findByAddress(db, e.orgId, 'sms', e.contact);
    if (!room) {
      room = await m.write((trx, emit) =>
        m.createRoom(trx, emit, {
          owner,
          channel: 'sms',
          contactAccountId: null,
          contactAddress: e.contact,
          ourAddress: e.ourNumber,
          username: e.contact,
          inboxType: 'agent',
          aiEnabled: true,
        }),
      );
    }
    const found = room;
    await m.write(async (trx, emit) => {
      const res = await m.insertMessage(
        trx,
        emit,
        found,
        {
          direction: e.direction,
          senderKind: 'system',
          senderAccountId: null,
          senderAddress: e.direction === 'inbound' ? e.contact : e.ourNumber,
          body: e.body.slice(0, MESSAGE_MAX),
          attachments: e.attachments,
          externalId: e.callId,
          key: `call:${e.callId}:${e.phase}`,
          event: { kind: 'call', needsPerson: false },
          channel: 'voice',
        },
        false,
      );
      if (!res) return;
      const preview = e.body.split('\n')[0]!;
      await activityRepository.upsert(trx, {
        accountId: found.account_id,
        type: res.room.inbox_type,
        room: res.room,
        username: found.username,
        lastMessage: preview,
      });
      await emit({
        type: 'activity',
        ...scopeOf(found),
        contactAccountId: null,
        payload: { type: res.room.inbox_type, roomId: found.room_id, username: found.username, lastMessage: preview },
      });
    });
    return { roomId: found.room_id };
  };
}

/** The conversations' ratings by room id (the call review queue flags calls whose conversation was rated low). */
export async function roomRatings(db: DbOrTx, roomIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const rows = await roomsRepository.byRoomIds(db, roomIds);
  for (const r of rows) if (r.rating != null) out.set(r.room_id, Number(r.rating));
  return out;
}
