import { z } from 'zod';
import { conversationAnalysis } from './analysis.ts';
import { callTurn, liveCall } from './calls.ts';
import { testProgress } from './agentTests.ts';

/**
 * The live inbox's shapes (spec §5 "Inbox", §7 conversations API): rooms, messages, activity, the
 * responses of the conversations routes, and the realtime event union of GET /api/v1/ws. The server's
 * mappers are typed by these, its routes declare them as responses (the API tests check every response
 * against them), and the web's inbox types come from them.
 */

export const INBOX_TYPES = ['priority', 'agent'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

export const attachment = z.object({
  url: z.string(),
  type: z.string(),
  size: z.number().int().optional(),
  name: z.string().optional(),
});
export type Attachment = z.infer<typeof attachment>;

export const reaction = z.object({ reaction: z.string(), username: z.string(), accountId: z.number() });
export type Reaction = z.infer<typeof reaction>;

export const messageSender = z.object({ kind: z.string(), accountId: z.number().nullable(), address: z.string().nullable() });

export const message = z.object({
  id: z.number(),
  roomId: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  /** 'voice': a call's entry in the contact's conversation (its call id in `callId`). */
  channel: z.enum(['chat', 'sms', 'voice']),
  sender: messageSender,
  body: z.string(),
  attachments: z.array(attachment),
  status: z.string(),
  error: z.string().nullable(),
  blocked: z.boolean(),
  reactions: z.array(reaction),
  /** The call this entry is about (channel voice): the call log and the live view open it. */
  callId: z.string().nullable().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Message = z.infer<typeof message>;

/** A conversation's state (spec §3): open, closed, or archived (filed away; unarchiving opens it again). */
export const ROOM_STATUSES = ['open', 'closed', 'archived'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const room = z.object({
  id: z.string(),
  roomId: z.string(),
  room: z.string(),
  uuid: z.string(),
  username: z.string(),
  channel: z.enum(['chat', 'sms']),
  status: z.enum(ROOM_STATUSES),
  inboxType: z.enum(INBOX_TYPES),
  agentId: z.number().nullable(),
  aiAgentEnabled: z.boolean(),
  rating: z.number().nullable(),
  isGroup: z.boolean(),
  users: z.array(z.string()),
  lastMessage: z.string(),
  lastMessageTimestamp: z.number(),
  lastMessageDirection: z.enum(['inbound', 'outbound']).nullable(),
  lastMessageSender: z.enum(['contact', 'agent', 'staff', 'system']).nullable(),
  lastMessageStatus: z.string().nullable(),
  unread: z.boolean(),
  createdAt: z.number(),
  /** The name of the organization's contact whose phone or e-mail is this room's address (spec §1: names, not numbers). */
  contactName: z.string().nullable().optional(),
  /** Its latest analysis, as it closed or went idle (null until then). */
  analysis: conversationAnalysis.nullable().optional(),
});
export type Room = z.infer<typeof room>;

/** A room as staff open it: whether the other party is blocked (the inbox offers to unblock). */
export const openedRoom = room.extend({ blocked: z.boolean().optional() });

export const activityItem = z.object({
  id: z.number(),
  roomId: z.string(),
  username: z.string(),
  lastMessage: z.string(),
  count: z.number(),
  type: z.enum(INBOX_TYPES),
  timestamp: z.number(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** What a visitor sees of the account they write to. */
export const publicProfile = z.object({
  username: z.string(),
  accountType: z.string(),
  displayName: z.string(),
  image: z.string().nullable(),
});

export const roomListResponse = z.object({ success: z.literal(true), rooms: z.array(room), totalRooms: z.number() });
export const roomResponse = z.object({
  success: z.literal(true),
  room: openedRoom.nullable(),
  messages: z.array(message),
  hasMore: z.boolean(),
});
export const conversationWithResponse = roomResponse.extend({ roomId: z.string().nullable(), profile: publicProfile.nullable() });
export const sendMessageResponse = z.object({ success: z.literal(true), message, roomId: z.string() });
export const messageResponse = z.object({ success: z.literal(true), message });
export const roomStatusResponse = z.object({ success: z.literal(true), room });
export const aiEnabledResponse = z.object({ success: z.literal(true), roomId: z.string(), aiAgentEnabled: z.boolean() });
export const activityResponse = z.object({ success: z.literal(true), activity: z.array(activityItem) });
export const clearedResponse = z.object({ success: z.literal(true), cleared: z.number() });
export const markUnreadResponse = z.object({ success: z.literal(true), roomId: z.string(), unread: z.literal(true) });
export const groupRoomResponse = z.object({
  success: z.literal(true),
  details: z.object({ room: z.string(), roomId: z.string(), uuid: z.string(), channel: z.enum(['chat', 'sms']) }),
});
export const ratingResponse = z.object({ success: z.literal(true), roomId: z.string(), rating: z.number() });
export const blockStatusResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  blocked: z.boolean(),
  blockedBy: z.boolean().optional(),
});
export const blockResponse = z.object({ success: z.literal(true), targetUsername: z.string(), blocked: z.boolean() });
export const destinationResponse = z.object({
  success: z.literal(true),
  profile: z.object({ username: z.string(), address: z.string(), kind: z.enum(['phone', 'email']) }),
});

/** Realtime events of GET /api/v1/ws (after the `ready` frame), by type. */
const eventBase = {
  id: z.number(),
  accountId: z.number(),
  agentId: z.number().nullable(),
  contactAccountId: z.number().nullable(),
  createdAt: z.number(),
};
export const inboxEvent = z.discriminatedUnion('type', [
  z.object({ ...eventBase, type: z.literal('message.created'), payload: z.object({ roomId: z.string(), message }) }),
  z.object({ ...eventBase, type: z.literal('message.updated'), payload: z.object({ roomId: z.string(), message }) }),
  z.object({ ...eventBase, type: z.literal('conversation.created'), payload: z.object({ room }) }),
  z.object({
    ...eventBase,
    type: z.literal('conversation.updated'),
    // roomId repeats room.roomId on the updates of a status change and of an analysis.
    payload: z.object({ roomId: z.string().optional(), room, moved: z.boolean().optional() }),
  }),
  z.object({ ...eventBase, type: z.literal('conversation.closed'), payload: z.object({ roomId: z.string(), room }) }),
  z.object({
    ...eventBase,
    type: z.literal('activity'),
    payload: z.object({
      type: z.enum(INBOX_TYPES),
      roomId: z.string().optional(),
      username: z.string().optional(),
      lastMessage: z.string().optional(),
      unread: z.boolean().optional(),
      cleared: z.string().optional(),
    }),
  }),
  z.object({ ...eventBase, type: z.literal('call.updated'), payload: z.object({ call: liveCall }) }),
  z.object({ ...eventBase, type: z.literal('call.transcript'), payload: z.object({ callId: z.string(), turn: callTurn }) }),
  /** An agent test run's progress (modules/agenttests): staff of the agent's organization see it. */
  z.object({ ...eventBase, type: z.literal('agent.test'), payload: testProgress }),
  z.object({
    ...eventBase,
    type: z.literal('typing'),
    payload: z.object({ roomId: z.string(), who: z.enum(['staff', 'contact', 'agent']), username: z.string().nullable() }),
  }),
]);
export type InboxEvent = z.infer<typeof inboxEvent>;
export type InboxEventType = InboxEvent['type'];
