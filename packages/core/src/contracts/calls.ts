import { z } from 'zod';
import { conversationAnalysis } from './analysis.ts';

/** Voice calls: the call log, one call with its transcript, and the spec §3/§4 call state. */
export const CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'completed', 'failed', 'no-answer'] as const;
export const callStatus = z.enum(CALL_STATUSES);
export const CALL_DIRECTIONS = ['inbound', 'outbound', 'web'] as const;
export const callDirection = z.enum(CALL_DIRECTIONS);

/** One turn of the transcript. `latencyMs`: caller's end of speech → the agent's first audio. */
export const callTurn = z.object({
  role: z.enum(['caller', 'agent']),
  text: z.string(),
  at: z.number(),
  latencyMs: z.number().nullable(),
  /** The caller spoke over the agent: `text` is what was heard before the cut. */
  interrupted: z.boolean(),
});
export type CallTurn = z.infer<typeof callTurn>;

/**
 * Where the time of one reply went. `at`: when the caller stopped speaking (epoch ms); each figure is
 * milliseconds after it, in pipeline order: end of speech detected (the end-of-turn silence waited),
 * transcript final, the model's first token, the reply's first audio frame sent, and that frame played
 * as the carrier reported it (its mark came back). null: that step did not happen (cut off, no engine).
 */
export const callTurnTiming = z.object({
  at: z.number(),
  endDetectedMs: z.number(),
  transcriptMs: z.number().nullable(),
  firstTokenMs: z.number().nullable(),
  firstAudioMs: z.number().nullable(),
  playedMs: z.number().nullable(),
});
export type CallTurnTiming = z.infer<typeof callTurnTiming>;

export const call = z.object({
  id: z.string(),
  organizationId: z.number(),
  agentId: z.number(),
  direction: callDirection,
  from: z.string(),
  to: z.string(),
  status: callStatus,
  startedAt: z.number(),
  answeredAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationMs: z.number(),
  endReason: z.string().nullable(),
  transcript: z.array(callTurn),
  /** Per caller turn, where the time to the agent's reply went (stored when the call ends). */
  timings: z.array(callTurnTiming),
  /** The two-channel recording (caller left, agent right), while the organization's retention keeps it. */
  recording: z.object({ url: z.string(), bytes: z.number() }).nullable(),
  /** The inbox conversation the call joined (phone calls; null for browser test calls). */
  roomId: z.string().nullable(),
  /** A transfer the agent attempted: the number and how it went. */
  transfer: z.object({ to: z.string(), status: z.string() }).nullable(),
  /** Voice minutes (started minutes of a phone call) × the price of a voice minute (core's usage price list). */
  cost: z.object({ minutes: z.number(), microUsd: z.number() }),
  /** The organization's contact whose number is the other party's (inbound: from, outbound: to), if any. */
  contactName: z.string().nullable().optional(),
  /** The analysis written after the call ended (null until then). */
  analysis: conversationAnalysis.nullable().optional(),
});
export type Call = z.infer<typeof call>;

export const callResponse = z.object({ success: z.literal(true), call });
export const callsResponse = z.object({ success: z.literal(true), calls: z.array(call), total: z.number() });

/** POST /api/v1/calls (outbound) and POST /api/v1/calls/web (a test call from the browser). */
export const placedCallResponse = z.object({
  success: z.literal(true),
  call,
  /** Where the media WebSocket connects (Twilio Media Streams protocol); the ticket goes in `start.customParameters.ticket`. */
  streamUrl: z.string(),
  ticket: z.string(),
});

/** GET /internal/fetchCallsForReview: calls a person should look at, with why. */
export const reviewCallsResponse = z.object({
  success: z.literal(true),
  calls: z.array(call.extend({ reasons: z.array(z.string()) })),
});

/** Messages the media WebSocket sends a web client beside Twilio's own (transcript and latency as they happen). */
export const callLiveEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('transcript'), turn: callTurn }),
  z.object({ event: z.literal('status'), status: callStatus, notice: z.string().optional() }),
]);

/** A live call as the realtime hub tells staff about it (`call.updated`): status, who, whether the AI left. */
export const liveCall = z.object({
  id: z.string(),
  direction: callDirection,
  from: z.string(),
  to: z.string(),
  status: callStatus,
  kicked: z.boolean(),
  roomId: z.string().nullable(),
  endReason: z.string().nullable(),
  transfer: z.object({ to: z.string(), status: z.string() }).nullable(),
});
export type LiveCall = z.infer<typeof liveCall>;

/** Recording retention of an organization (GET/PUT /api/v1/calls/settings). */
export const callSettings = z.object({ recordingRetentionDays: z.number().int() });
export const callSettingsResponse = z.object({ success: z.literal(true), settings: callSettings });

/** Messages of the listen-in WebSocket (GET /api/v1/calls/:callId/listen): the mixed audio and the call's end. */
export const listenMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('media'), payload: z.string() }),
  z.object({ event: z.literal('transcript'), turn: callTurn }),
  z.object({ event: z.literal('stop') }),
]);
export type CallLiveEvent = z.infer<typeof callLiveEvent>;
