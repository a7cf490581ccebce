import { idParam, okResponse, pageParams, queryBool } from '@switchboard/core';
import {
  activityResponse,
  aiEnabledResponse,
  blockResponse,
  blockStatusResponse,
  clearedResponse,
  conversationWithResponse,
  destinationResponse,
  groupRoomResponse,
  markUnreadResponse,
  messageResponse,
  ratingResponse,
  roomListResponse,
  roomResponse,
  ROOM_STATUSES,
  roomStatusResponse,
  sendMessageResponse,
} from '@switchboard/core/contracts/conversations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { perUser, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['conversations'];
const flagParam = queryBool.optional().default(false);
const inboxType = z.enum(['priority', 'agent']).default('priority');
const roomIdBody = withAuthParams({ roomId: z.string().min(1).max(40) });

/** An attachment is a file uploaded through /api/v1/chat/media, or an http(s) link: never another scheme. */
const attachment = z.object({
  url: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^(\/files\/[A-Za-z0-9.-]+|https?:\/\/[^\s]+)$/, 'must be an uploaded file or an http(s) link'),
  type: z.string().max(100),
  size: z.number().int().optional(),
  name: z.string().max(200).optional(),
});
/** Activity requires an account id (spec §5): the acting account named by a target parameter. */
function requireAccountId(q: Record<string, unknown>, b: unknown): void {
  const body = (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;
  const named = ['targetAccountId', 'targetOrganizationId'].some((k) => q[k] != null || body[k] != null);
  if (!named) throw badRequest('no account id', 'targetAccountId');
}

/** GET /api/v1/needsPerson: the agent's actions waiting for a person (not in the spec's API). */
const needsPersonResponse = z.object({
  success: z.literal(true),
  items: z.array(
    z.object({
      messageId: z.number(),
      roomId: z.string(),
      username: z.string(),
      channel: z.enum(['chat', 'sms']),
      inboxType: z.enum(['priority', 'agent']),
      kind: z.string(),
      body: z.string(),
      createdAt: z.number(),
    }),
  ),
});

export function conversationRoutes(app: FastifyInstance, s: Services): void {
  const c = s.inbox.conversations;

  route(app, {
    method: 'GET',
    url: '/api/v1/needsPerson',
    summary: 'Agent actions a person should follow up: bookings, messages taken, transfers (cleared when staff answer)',
    tags,
    response: needsPersonResponse,
    handler: (req) => c.needsPerson(authOf(req)),
  });

  for (const [path, type] of [
    ['/api/v1/activity', 'priority'],
    ['/api/v1/activityAgent', 'agent'],
  ] as const) {
    route(app, {
      method: 'GET',
      url: path,
      summary: `List ${type === 'priority' ? 'priority' : 'agent (Junk)'} activity`,
      tags,
      query: withAuthParams({}),
      response: activityResponse,
      handler: async (req) => {
        requireAccountId(req.query as Record<string, unknown>, null);
        return c.activity(authOf(req), type);
      },
    });
    route(app, {
      method: 'POST',
      url: path,
      summary: `Clear ${type} activity by username, roomId, or all`,
      tags,
      body: withAuthParams({
        username: z.string().max(320).optional(),
        roomId: z.string().max(40).optional(),
        clearAll: z.boolean().optional(),
      }),
      response: clearedResponse,
      handler: async (req) => {
        requireAccountId(req.query as Record<string, unknown>, req.body);
        return c.clearActivity(authOf(req), type, req.body);
      },
    });
    route(app, {
      method: 'POST',
      url: `${path}/markUnread`,
      summary: `Mark a conversation unread (${type})`,
      tags,
      body: roomIdBody,
      response: markUnreadResponse,
      handler: async (req) => c.markUnread(authOf(req), type, req.body.roomId),
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/v1/conversations',
    summary: 'The inbox: conversations newest first, one page',
    tags,
    query: withAuthParams({
      ...pageParams,
      unread: flagParam,
      type: inboxType,
      filter: z.enum(['priority', 'agent']).optional(),
      status: z.enum(ROOM_STATUSES).default('open'),
    }),
    response: roomListResponse,
    handler: async (req) => {
      const q = req.query;
      return c.list(authOf(req), {
        page: q.page,
        pageSize: q.pageSize,
        pagination: q.pagination,
        unread: q.unread,
        type: q.filter ?? q.type,
        status: q.status,
      });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/conversations/:id',
    summary: 'One conversation (by roomId) with its recent messages',
    tags,
    params: z.object({ id: z.string().min(1).max(40) }),
    query: withAuthParams({ before: idParam.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: roomResponse,
    handler: async (req) => c.open(authOf(req), req.params.id, { before: req.query.before, limit: req.query.limit }),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/conversation/:roomId/:uuid',
    summary: 'A conversation thread by roomId and uuid, with paginated history',
    tags,
    params: z.object({ roomId: z.string().min(1).max(40), uuid: z.string().min(1).max(40) }),
    query: withAuthParams({ before: idParam.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: roomResponse,
    handler: async (req) =>
      c.open(authOf(req), req.params.roomId, { uuid: req.params.uuid, before: req.query.before, limit: req.query.limit }),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/agentConversations/:id',
    summary: "One agent's conversations",
    tags,
    params: z.object({ id: idParam }),
    query: withAuthParams({ page: pageParams.page, pageSize: pageParams.pageSize }),
    response: roomListResponse,
    handler: async (req) => c.agentConversations(authOf(req), req.params.id, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/messages/:username',
    summary: "The caller's conversation with a username (a visitor's with an organization, or staff's with a contact)",
    tags,
    params: z.object({ username: z.string().min(1).max(320) }),
    query: withAuthParams({ public: flagParam, preview: flagParam, before: idParam.optional() }),
    response: conversationWithResponse,
    handler: async (req) => c.withUsername(authOf(req), req.params.username, { preview: req.query.preview, before: req.query.before }),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/messages',
    summary: 'Send a message as the caller: into a room, or to a username or phone number',
    tags,
    body: withAuthParams({
      roomId: z.string().min(1).max(40).optional(),
      to: z.string().min(1).max(320).optional(),
      body: z.string().max(5000).default(''),
      attachments: z.array(attachment).max(10).optional(),
      idempotencyKey: z.string().min(1).max(100).optional(),
    }),
    response: sendMessageResponse,
    rateLimit: { max: s.deps.config.SEND_RATE_LIMIT, timeWindow: '1 minute', keyGenerator: perUser },
    handler: async (req) => c.send(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/closeConversation',
    summary: 'Close (archive) a conversation',
    tags,
    body: roomIdBody,
    response: roomStatusResponse,
    handler: async (req) => c.setStatus(authOf(req), req.body.roomId, 'closed'),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/unarchiveConversation',
    summary: 'Unarchive a conversation (or reopen a closed one): it is open again',
    tags,
    body: roomIdBody,
    response: roomStatusResponse,
    handler: async (req) => c.setStatus(authOf(req), req.body.roomId, 'open'),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/archiveConversation',
    summary: 'Archive a conversation: filed away from the open and closed lists until unarchived or a new message arrives',
    tags,
    body: roomIdBody,
    response: roomStatusResponse,
    handler: async (req) => c.setStatus(authOf(req), req.body.roomId, 'archived'),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/conversations/:roomId/aiAgentEnabled',
    summary: 'Whether the AI agent answers this conversation',
    tags,
    params: z.object({ roomId: z.string().min(1).max(40) }),
    query: withAuthParams({}),
    response: aiEnabledResponse,
    handler: async (req) => c.aiEnabled(authOf(req), req.params.roomId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/conversations/:roomId/aiAgentEnabled',
    summary: 'Turn the AI agent on or off for this conversation',
    tags,
    params: z.object({ roomId: z.string().min(1).max(40) }),
    body: withAuthParams({ aiAgentEnabled: z.boolean() }),
    response: aiEnabledResponse,
    handler: async (req) => c.setAiEnabled(authOf(req), req.params.roomId, req.body.aiAgentEnabled),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/getGroupConversationRoomId',
    summary: 'Find or start the conversation with these users (usernames or phone numbers)',
    tags,
    body: withAuthParams({ users: z.array(z.string().min(1).max(320)).max(20) }),
    response: groupRoomResponse,
    handler: async (req) => c.groupRoom(authOf(req), req.body.users),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/block/:id',
    summary: 'Whether a username or number is blocked (both=true: in either direction)',
    tags: ['blocks'],
    params: z.object({ id: z.string().min(1).max(320) }),
    query: withAuthParams({ both: flagParam }),
    response: blockStatusResponse,
    handler: async (req) => c.blockStatus(authOf(req), req.params.id, req.query.both),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/block',
    summary: 'Block (or with block=false, unblock) a sender',
    tags: ['blocks'],
    body: withAuthParams({ targetUsername: z.string().min(1).max(320), block: z.boolean().default(true) }),
    response: blockResponse,
    handler: async (req) => c.block(authOf(req), req.body.targetUsername, req.body.block),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/rateConvo',
    summary: 'Rate a conversation (1 to 5)',
    tags,
    body: withAuthParams({ roomId: z.string().min(1).max(40), rating: z.coerce.number().int().min(1).max(5) }),
    response: ratingResponse,
    handler: async (req) => c.rate(authOf(req), req.body.roomId, req.body.rating),
  });

  for (const method of ['POST', 'DELETE'] as const) {
    route(app, {
      method,
      url: '/api/v1/reaction',
      summary: method === 'POST' ? 'React to a message' : 'Remove a reaction',
      tags,
      body: withAuthParams({ messageId: idParam, reaction: z.string().min(1).max(16) }),
      response: messageResponse,
      handler: async (req) => c.react(authOf(req), req.body.messageId, req.body.reaction, method === 'POST'),
    });
  }

  route(app, {
    method: 'POST',
    url: '/api/v1/createExternalDestinationProfile',
    summary: 'Make a phone number or e-mail address a contactable destination',
    tags,
    body: withAuthParams({ address: z.string().min(3).max(320) }),
    response: destinationResponse,
    handler: async (req) => c.createDestination(authOf(req), req.body.address),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/typing',
    summary: 'Tell the other side you are typing',
    tags,
    body: roomIdBody,
    response: okResponse,
    handler: async (req) => {
      await c.typing(authOf(req), req.body.roomId);
      return { success: true as const };
    },
  });
}
