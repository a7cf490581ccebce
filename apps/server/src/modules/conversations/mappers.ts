import { fromJson, isSet } from '../../platform/db/columns.ts';
import type { ConversationAnalysis } from '@switchboard/core';
import type { AccountRow } from '../accounts/index.ts';
import type { ActivityItem, Attachment, InboxType, Message, Reaction, Room } from '@switchboard/core/contracts/conversations';
import type { ActivityRow, MessageRow, RoomRow } from './repository.ts';

/** The response shapes are core's contracts (packages/core/src/contracts/conversations.ts). */
export type { InboxType };
export type RoomDto = Room;
export type MessageDto = Message;

export function toMessageDto(m: MessageRow, roomId: string): MessageDto {
  return {
    id: m.id,
    roomId,
    direction: m.direction,
    channel: m.channel,
    sender: { kind: m.sender_kind, accountId: m.sender_account_id, address: m.sender_address },
    body: m.body,
    attachments: fromJson<Attachment[]>(m.attachments, []),
    status: m.status,
    error: m.error,
    blocked: isSet(m.blocked),
    reactions: fromJson<Reaction[]>(m.reactions, []),
    ...(m.channel === 'voice' ? { callId: m.external_id } : {}),
    createdAt: Number(m.created_at),
    updatedAt: Number(m.updated_at),
  };
}

export function toRoomDto(r: RoomRow, last: MessageRow | undefined, users: string[], lastRead: number | null): RoomDto {
  return {
    id: r.room_id,
    roomId: r.room_id,
    room: r.room_id,
    uuid: r.uuid,
    username: r.username,
    channel: r.channel,
    status: r.status,
    inboxType: r.inbox_type,
    agentId: r.agent_id,
    aiAgentEnabled: isSet(r.ai_agent_enabled),
    rating: r.rating,
    isGroup: isSet(r.is_group),
    users,
    lastMessage: last ? last.body || (fromJson<Attachment[]>(last.attachments, []).length ? '[attachment]' : '') : '',
    lastMessageTimestamp: Number(r.last_message_at),
    lastMessageDirection: last?.direction ?? null,
    lastMessageSender: last?.sender_kind ?? null,
    lastMessageStatus: last?.status ?? null,
    unread: Number(r.last_inbound_message_id) > Number(lastRead ?? 0),
    createdAt: Number(r.created_at),
    analysis: fromJson<ConversationAnalysis | null>(r.analysis, null),
  };
}

export function toActivityItem(r: ActivityRow, type: InboxType): ActivityItem {
  return {
    id: r.id,
    roomId: r.room_id,
    username: r.username,
    lastMessage: r.last_message,
    count: r.count,
    type,
    timestamp: Number(r.updated_at),
  };
}

/** What a visitor sees of the account they write to (the public chat page). */
export function publicProfile(a: AccountRow) {
  const details = fromJson<Record<string, unknown>>(a.details, {});
  const name =
    (details.agentName as string) || (details.orgName as string) || a.account_name || a.name || (details.name as string) || a.username;
  return { username: a.username, accountType: a.account_type, displayName: name, image: a.profile_image };
}
