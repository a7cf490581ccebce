import { idParam, isIsoDate, pageParams } from '@switchboard/core';
import {
  callResponse,
  callSettingsResponse,
  callsResponse,
  CALL_DIRECTIONS,
  CALL_STATUSES,
  placedCallResponse,
  reviewCallsResponse,
} from '@switchboard/core/contracts/calls';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { handleMediaStream, runtimeBrain } from './media/media.ts';
import { functionEventDetail } from './analysis.ts';
import type { CallRow } from './repository.ts';
import { mediaMayCarryPhoneCalls, twilioVoiceRoutes } from './twilio/twilio.ts';
import { listenRoute } from './live/listen.ts';
import { phoneCaptureWorklet } from './simulator/phonePage.ts';
import type { LiveEntry } from './live/live.ts';
import { createVoiceControl } from './transfer/transfer.ts';

const tags = ['calls'];
const callId = z.object({ callId: z.string().regex(/^CA[0-9a-f]{32}$/, 'must be a call id (CA followed by 32 hex digits)') });
const idempotencyKey = z.string().min(1).max(100).optional();
const isoDate = z.string().refine(isIsoDate, 'must be a date YYYY-MM-DD');

/** The call log, outbound and web calls, takeover, the review queue and the media WebSocket. */
export function callRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/calls',
    summary: "The acting organization's (or agent's) calls, newest first",
    tags,
    query: withAuthParams({
      direction: z.enum(CALL_DIRECTIONS).optional(),
      status: z.enum(CALL_STATUSES).optional(),
      agentId: idParam.optional(),
      number: z
        .string()
        .regex(/^\+?[0-9]{2,15}$/, 'must be digits of a phone number')
        .optional(),
      dateFrom: isoDate.optional(),
      dateTo: isoDate.optional(),
      ...pageParams,
    }),
    response: callsResponse,
    handler: (req) => {
      const { dateFrom, dateTo, ...q } = req.query;
      return s.calls.list(authOf(req), {
        ...q,
        since: dateFrom ? Date.parse(`${dateFrom}T00:00:00Z`) : undefined,
        until: dateTo ? Date.parse(`${dateTo}T00:00:00Z`) + 86_400_000 : undefined,
      });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/calls/:callId',
    summary: 'One call with its transcript',
    tags,
    params: callId,
    query: withAuthParams({}),
    response: callResponse,
    handler: (req) => s.calls.get(authOf(req), req.params.callId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/calls',
    summary: "Place an outbound call from the organization's number (idempotencyKey: a retry places one call)",
    tags,
    actingTypes: ['organization', 'agent'],
    body: withAuthParams({ to: z.string().min(3, 'Please enter a phone number.').max(32), idempotencyKey }),
    response: placedCallResponse,
    handler: (req) => s.calls.placeOutbound(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/calls/web',
    summary: 'A test call with the agent from the browser: connect to streamUrl and send the ticket in start.customParameters',
    tags,
    actingTypes: ['organization', 'agent'],
    body: withAuthParams({ idempotencyKey }),
    response: placedCallResponse,
    handler: (req) => s.calls.startWeb(authOf(req), req.body),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/calls/settings',
    summary: "The organization's call settings (recording retention in days)",
    tags,
    query: withAuthParams({}),
    response: callSettingsResponse,
    handler: (req) => s.calls.settings(authOf(req)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/v1/calls/settings',
    summary: 'Set how many days call recordings are kept (a daily job deletes older ones)',
    tags,
    actingTypes: ['organization'],
    body: withAuthParams({ recordingRetentionDays: z.number().int().min(1, 'must be at least 1 day').max(3650) }),
    response: callSettingsResponse,
    handler: (req) => s.calls.saveSettings(authOf(req), req.body),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/calls/:callId/recording',
    summary: 'The call recording: WAV, two channels (caller left, agent right), 8 kHz',
    tags,
    params: callId,
    query: withAuthParams({}),
    handler: async (req, reply) => {
      const wav = await s.calls.recording(authOf(req), req.params.callId);
      return reply.header('content-type', 'audio/wav').header('cache-control', 'private, no-store').send(wav);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/calls/:callId/kick',
    summary: 'Take a live call over: the agent leaves it',
    tags,
    params: callId,
    body: withAuthParams({}),
    response: callResponse,
    handler: (req) => s.calls.kick(authOf(req), req.params.callId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/calls/:callId/hangup',
    summary: 'End a live call',
    tags,
    params: callId,
    body: withAuthParams({}),
    response: callResponse,
    handler: (req) => s.calls.hangUp(authOf(req), req.params.callId),
  });

  route(app, {
    method: 'GET',
    url: '/internal/fetchCallsForReview',
    summary: 'Calls to review: failed, unanswered, long silences, missing speech engines',
    tags: ['super admin'],
    auth: 'superAdmin',
    query: withAuthParams({}),
    response: reviewCallsResponse,
    handler: () => s.calls.forReview(),
  });

  twilioVoiceRoutes(app, s);

  route(app, {
    method: 'POST',
    url: '/api/dev/carrier/call',
    summary:
      "Simulated carrier: a phone calls one of our numbers; stream its audio to streamUrl with the ticket (the phone simulator's Call)",
    tags: ['dev'],
    auth: 'none',
    body: z.object({ from: z.string().min(3).max(32), to: z.string().min(3).max(32) }),
    response: placedCallResponse,
    handler: async (req) => {
      if (!(s.deps.carrier instanceof LocalCarrier)) throw notFound('The simulated carrier is not active.');
      const from = normalizePhone(req.body.from);
      if (!from) throw badRequest('from: Please enter a valid phone number.', 'from');
      const placed = await s.calls.startInbound({ carrierSid: `SIM${crypto.randomUUID()}`, from, to: req.body.to });
      if (!placed) throw notFound('No organization has that number.');
      return { success: true as const, ...placed };
    },
  });

  app.get('/dev/phone/capture.js', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    if (!(s.deps.carrier instanceof LocalCarrier)) throw notFound('The simulated carrier is not active.');
    return reply.header('content-type', 'application/javascript; charset=utf-8').send(phoneCaptureWorklet);
  });

  const media = {
    calls: s.calls,
    engines: s.voice,
    brainFor: (call: CallRow, entry: () => LiveEntry | null) =>
      runtimeBrain(
        s.agentRuntime,
        call,
        createVoiceControl({ carrier: s.deps.carrier, live: s.calls.live, tts: () => s.voice.tts, end: s.calls.finish }, entry),
        (actions, key) => s.calls.recordAgentActions(call.id, actions, key),
        s.deps.log,
        // What the agent did is kept with the call (the analysis after it reads it).
        (c) => entry()?.session.note('function', functionEventDetail(c)),
      ),
    log: s.deps.log,
  };
  listenRoute(app, s);
  // The simulated carrier's phones connect in-process, speaking the same protocol.
  s.deps.carrier.acceptMedia?.((conn) => handleMediaStream(conn, media));

  // Twilio Media Streams (and web calls): the ticket in `start` authorizes; with Twilio configured, a
  // phone call's stream must also come on an upgrade Twilio signed.
  app.get(
    '/api/v1/calls/media',
    {
      websocket: true,
      schema: { summary: 'Call audio (WebSocket, Twilio Media Streams protocol)', tags, hide: true },
      config: { auth: 'none' },
    },
    (socket, req) => {
      handleMediaStream(
        {
          send: (text) => socket.readyState === 1 && socket.send(text),
          close: () => socket.close(),
          onMessage: (cb) => socket.on('message', (raw: Buffer) => cb(raw.toString())),
          onClose: (cb) => socket.on('close', cb),
          phoneCalls: mediaMayCarryPhoneCalls(s.deps.carrier, s.deps.config.publicUrl, req),
        },
        media,
      );
    },
  );
}
