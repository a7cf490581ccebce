/** What a stored message counts: usage, the wallet's charge for it and its log row, in the message's transaction. */
import type { Db, Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { isSet } from '../../platform/db/columns.ts';
import { chargeAfter, chargeUsage, type UsageCharge } from '../billing/index.ts';
import { recordLog } from '../logs/index.ts';
import { recordUsage } from '../stats/index.ts';
import type { MessageRow, RoomRow } from './repository.ts';

/**
 * Usage (messages in and out, agents' actions excepted) and the log row, in the message's own transaction.
 * `account`: a row the caller holds (the sender's acting account), used when it is the one charged.
 */
export async function countMessage(deps: Deps, trx: Tx, room: RoomRow, row: MessageRow, account?: UsageCharge['account']) {
  const system = row.sender_kind === 'system';
  if (!system && !isSet(row.blocked))
    await recordUsage(trx, room.agent_id ?? room.account_id, row.direction === 'inbound' ? 'inbound-message' : 'outbound-message');
  // A message sent is charged as it is sent (the plan's tiers, from the wallet): refused with a 402 and not stored when the wallet cannot pay.
  if (!system && !isSet(row.blocked) && row.direction === 'outbound')
    await chargeUsage(deps.db as Db, trx, {
      accountId: room.agent_id ?? room.account_id,
      item: 'outbound-message',
      quantity: 1,
      key: `message:${row.id}`,
      account,
    });
  // A message received cannot be refused: it is charged when the wallet can pay, else counted, logged and the owner notified.
  if (!system && !isSet(row.blocked) && row.direction === 'inbound')
    await chargeAfter(
      deps.db as Db,
      trx,
      { accountId: room.agent_id ?? room.account_id, item: 'inbound-message', quantity: 1, key: `message:${row.id}`, account },
      deps.log,
    );
  await recordLog(trx, {
    accountId: room.account_id,
    agentId: room.agent_id,
    kind: system ? 'function' : 'message',
    status: isSet(row.blocked) ? 'blocked' : row.status,
    direction: row.direction,
    contact: room.contact_address,
    number: room.channel === 'sms' ? room.our_address : null,
    roomId: room.room_id,
    summary: row.body || '[attachment]',
    details: { messageId: row.id, channel: row.channel, sender: row.sender_kind, ...(row.event_kind ? { event: row.event_kind } : {}) },
    key: `message:${row.id}`,
    at: row.created_at,
  });
}
