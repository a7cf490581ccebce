import { z } from 'zod';

/**
 * Agent test suites: scenarios a simulated customer plays against an agent, with expectations checked
 * on the conversation. Shared by the server (validation) and the web (types).
 */
export const TEST_CHANNELS = ['chat', 'voice'] as const;
export type TestChannel = (typeof TEST_CHANNELS)[number];

/**
 * How a voice scenario runs: `call` (the default) as a call, the customer's lines spoken by the
 * text-to-speech engine and the agent's audio transcribed by the speech-to-text engine; `text` with the
 * lines as text on the voice channel (no audio, for when no speech engine is installed).
 */
export const VOICE_MODES = ['call', 'text'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

export const EXPECTATION_KINDS = ['said', 'notSaid', 'functionCalled', 'booked', 'transferred', 'endedByAgent', 'rubric'] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

const phrase = z.string().trim().min(1, 'Please enter a phrase.').max(500);

/** One expectation: what the agent must (or must never) do in the conversation. */
export const expectation = z.discriminatedUnion('kind', [
  /** The agent says the phrase at some point (case and spacing ignored). */
  z.strictObject({ kind: z.literal('said'), phrase }),
  /** The agent never says the phrase. */
  z.strictObject({ kind: z.literal('notSaid'), phrase }),
  /** The agent calls the function; each argument given must contain the value (case ignored). */
  z.strictObject({
    kind: z.literal('functionCalled'),
    name: z.string().trim().min(1, 'Please name the function.').max(64),
    arguments: z.record(z.string().max(64), z.string().max(500)).default({}),
  }),
  /** An appointment is booked (book_appointment succeeded). */
  z.strictObject({ kind: z.literal('booked') }),
  /** The conversation is handed to a person (transfer_call succeeded). */
  z.strictObject({ kind: z.literal('transferred') }),
  /** The agent ends the conversation itself (end_call). */
  z.strictObject({ kind: z.literal('endedByAgent') }),
  /** A judge model grades the whole conversation against the rubric (needs a language model). */
  z.strictObject({ kind: z.literal('rubric'), rubric: z.string().trim().min(1, 'Please write the rubric.').max(2000) }),
]);
export type Expectation = z.infer<typeof expectation>;

export const TEST_MAX_TURNS = 20;

/** What a scenario is made of (create and replace). */
export const scenarioInput = z.object({
  name: z.string().trim().min(1, 'Please name the scenario.').max(200),
  /** Who the simulated customer is ("a retired teacher, impatient, hard of hearing"). */
  persona: z.string().trim().max(2000).default(''),
  /** What the customer wants to get done. */
  goal: z.string().trim().max(2000).default(''),
  /** The customer's first message. */
  openingMessage: z.string().trim().max(2000).default(''),
  /** Further customer messages, sent in order (without a model they are the whole script). */
  turns: z.array(z.string().trim().min(1, 'Please write the turn or remove it.').max(2000)).max(TEST_MAX_TURNS).default([]),
  /** Customer messages at most (the opening one included). */
  maxTurns: z.number().int().min(1, 'At least 1.').max(TEST_MAX_TURNS, `At most ${TEST_MAX_TURNS}.`).default(6),
  channel: z.enum(TEST_CHANNELS).default('chat'),
  /** Voice scenarios only: through the speech engines (`call`) or as text (`text`). */
  voiceMode: z.enum(VOICE_MODES).default('call'),
  expectations: z.array(expectation).max(20).default([]),
});
export type ScenarioInput = z.input<typeof scenarioInput>;

export const TEST_STATUSES = ['queued', 'running', 'passed', 'failed', 'error'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export const testScenario = z.object({
  id: z.number(),
  agentId: z.number(),
  name: z.string(),
  persona: z.string(),
  goal: z.string(),
  openingMessage: z.string(),
  turns: z.array(z.string()),
  maxTurns: z.number(),
  channel: z.enum(TEST_CHANNELS),
  voiceMode: z.enum(VOICE_MODES),
  expectations: z.array(expectation),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The newest result of this scenario, when it has run. */
  last: z.object({ runId: z.number(), status: z.enum(TEST_STATUSES), reason: z.string().nullable(), at: z.number() }).nullable(),
});
export type TestScenario = z.infer<typeof testScenario>;

export const transcriptTurn = z.object({
  role: z.enum(['customer', 'agent']),
  text: z.string(),
  functionCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()), ok: z.boolean() })).default([]),
});
export type TranscriptTurn = z.infer<typeof transcriptTurn>;

export const expectationResult = z.object({
  index: z.number(),
  kind: z.enum(EXPECTATION_KINDS),
  passed: z.boolean(),
  /** Why it failed, or what satisfied it. */
  reason: z.string(),
});
export type ExpectationResult = z.infer<typeof expectationResult>;

export const scenarioResult = z.object({
  scenarioId: z.number(),
  scenarioName: z.string(),
  channel: z.enum(TEST_CHANNELS),
  status: z.enum(TEST_STATUSES),
  transcript: z.array(transcriptTurn),
  expectations: z.array(expectationResult),
  /** The first expectation that failed (or the error), for the list and the publish refusal. */
  failure: z.object({ index: z.number().nullable(), kind: z.string(), reason: z.string() }).nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type ScenarioResult = z.infer<typeof scenarioResult>;

export const TEST_COPIES = ['staging', 'default'] as const;

export const testRun = z.object({
  id: z.number(),
  agentId: z.number(),
  /** Which copy of the agent ran: 'staging' (the draft) or 'default' (production). */
  copy: z.enum(TEST_COPIES),
  /** A fingerprint of that copy's configuration: runs of the same agent version share it. */
  versionHash: z.string(),
  /** Two runs started together to compare staging with production share it. */
  compareId: z.string().nullable(),
  trigger: z.enum(['manual', 'publish']),
  status: z.enum(TEST_STATUSES),
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  results: z.array(scenarioResult),
});
export type TestRun = z.infer<typeof testRun>;

export const testSettings = z.object({ requirePassToPublish: z.boolean() });
export type TestSettings = z.infer<typeof testSettings>;

export const testSuiteResponse = z.object({
  success: z.literal(true),
  scenarios: z.array(testScenario),
  settings: testSettings,
  /** Whether a language model plays the customers (otherwise the scripted turns are sent). */
  modelPlaysCustomer: z.boolean(),
});
export const testScenarioResponse = z.object({ success: z.literal(true), scenario: testScenario });
export const testRunResponse = z.object({ success: z.literal(true), run: testRun });
export const testRunsResponse = z.object({ success: z.literal(true), runs: z.array(testRun) });
export const testCompareResponse = z.object({ success: z.literal(true), compareId: z.string(), staging: testRun, production: testRun });
export const testSettingsResponse = z.object({ success: z.literal(true), settings: testSettings });

/** The realtime event of a run's progress (GET /api/v1/ws, type 'agent.test'). */
export const testProgress = z.object({
  runId: z.number(),
  agentId: z.number(),
  status: z.enum(TEST_STATUSES),
  total: z.number(),
  done: z.number(),
  passed: z.number(),
  failed: z.number(),
  /** The scenario this event is about (null: the run as a whole). */
  scenarioId: z.number().nullable(),
  scenarioStatus: z.enum(TEST_STATUSES).nullable(),
  reason: z.string().nullable(),
});
export type TestProgress = z.infer<typeof testProgress>;
