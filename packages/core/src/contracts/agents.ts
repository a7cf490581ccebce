import { z } from 'zod';
import { analysisFields } from './analysis.ts';
import { timeZone } from './common.ts';

/** Agent configuration ("campaign", spec §3). Shared by the server (validation) and the web (types). */
export const campaignAction = z.looseObject({
  name: z.string().trim().min(1, 'Please name the action.').max(120),
  description: z.string().max(2000).optional(),
});

export const campaignApp = z.object({ appId: z.string(), version: z.string() });

export const AGENT_MODES = ['TEMPLATE', 'FULL_AGENT'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];

/** Speech engines an agent may choose ('auto': the best one configured on the server). */
export const STT_ENGINES = ['auto', 'deepgram', 'openai', 'pocketsphinx'] as const;
export const TTS_ENGINES = ['auto', 'elevenlabs', 'openai', 'espeak-ng'] as const;

/** How the agent listens and speaks on calls: engines and voice activity / end-of-turn detection. */
export const voiceSettings = z.object({
  sttEngine: z.enum(STT_ENGINES),
  ttsEngine: z.enum(TTS_ENGINES),
  /** RMS level (0..32768) above which caller audio counts as speech. */
  vadThreshold: z.number().int().min(50, 'At least 50.').max(8000, 'At most 8000.'),
  /** Caller speech this long confirms they are talking (and interrupts the agent). */
  confirmMs: z.number().int().min(40, 'At least 40 ms.').max(1000, 'At most 1000 ms.'),
  /** Silence this long ends the caller's turn. */
  endOfTurnMs: z.number().int().min(200, 'At least 200 ms.').max(3000, 'At most 3000 ms.'),
});
export type VoiceSettings = z.infer<typeof voiceSettings>;
export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  sttEngine: 'auto',
  ttsEngine: 'auto',
  vadThreshold: 400,
  confirmMs: 120,
  endOfTurnMs: 600,
};

/**
 * What the agent asks for when it takes a message (without a language model it only takes messages):
 * `contact` is a phone number or an e-mail, whichever the person gives.
 */
export const MESSAGE_FIELDS = ['name', 'contact', 'phone', 'email', 'reason'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];
export const DEFAULT_MESSAGE_FIELDS: MessageField[] = ['name', 'contact', 'reason'];
export const messageFields = z
  .array(z.enum(MESSAGE_FIELDS))
  .max(MESSAGE_FIELDS.length)
  .refine((a) => new Set(a).size === a.length, 'Each field once.');

export const campaignData = z.object({
  agentInstructions: z.string().max(50_000),
  actions: z.array(campaignAction).max(100),
  apps: z.array(campaignApp),
  enabledFunctions: z.record(z.string(), z.array(z.string())),
  published: z.boolean(),
  confirmTransfers: z.boolean(),
  greeting: z.string().max(2000),
  language: z.string().max(20),
  voice: z.string().max(60),
  voiceSettings,
  timezone: z.string().max(64),
  templateId: z.string().nullable(),
  templateFields: z.record(z.string(), z.string()),
  mode: z.enum(AGENT_MODES),
  messageFields,
  /** The custom fields the analysis after each conversation and call extracts. */
  analysisFields,
});
export type CampaignData = z.infer<typeof campaignData>;

/** A copy as the API returns it. */
export const campaign = campaignData.extend({
  accountId: z.number(),
  copy: z.enum(['staging', 'default']),
  updatedAt: z.number(),
});
export type Campaign = z.infer<typeof campaign>;

/** What POST /api/v2/campaign accepts: any subset of the fields. Apps are checked by the rules, not the shape. */
export const campaignPatch = z.object({
  agentInstructions: z.string().max(50_000).optional(),
  actions: z.array(campaignAction).max(100).optional(),
  apps: z.array(z.unknown()).max(50).optional(),
  enabledFunctions: z.record(z.string(), z.array(z.string())).optional(),
  published: z.boolean().optional(),
  confirmTransfers: z.boolean().optional(),
  greeting: z.string().max(2000).optional(),
  language: z.string().max(20).optional(),
  voice: z.string().max(60).optional(),
  voiceSettings: voiceSettings.partial().optional(),
  timezone: timeZone.optional(),
  templateFields: z.record(z.string(), z.string()).optional(),
  messageFields: messageFields.optional(),
  analysisFields: analysisFields.optional(),
});
export type CampaignPatch = z.infer<typeof campaignPatch>;

export const templateField = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Field names are letters, digits and _.'),
  label: z.string().min(1).max(120),
  description: z.string().max(500).optional(),
  placeholder: z.string().max(500).optional(),
  required: z.boolean().optional(),
  type: z.enum(['text', 'textarea']).optional(),
});

export const templateIntegration = z.object({ slug: z.string(), name: z.string(), description: z.string().optional() });

export const agentTemplate = z.object({
  templateId: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  agentInstructions: z.string(),
  greeting: z.string(),
  templateFields: z.array(templateField),
  templateIntegrations: z.array(templateIntegration),
  apps: z.array(campaignApp),
  enabledFunctions: z.record(z.string(), z.array(z.string())),
  published: z.boolean(),
  builtIn: z.boolean(),
  ownerAccountId: z.number().nullable(),
  updatedAt: z.number(),
});
export type AgentTemplate = z.infer<typeof agentTemplate>;

export const agentVersion = z.object({
  id: z.number(),
  accountId: z.number(),
  title: z.string(),
  source: z.enum(['staging', 'default', 'snapshot']),
  createdAt: z.number(),
  updatedAt: z.number(),
  snapshot: campaignData.optional(),
});
export type AgentVersion = z.infer<typeof agentVersion>;

export const functionCall = z.object({
  name: z.string(),
  appId: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  result: z.unknown(),
  ok: z.boolean(),
});
export type FunctionCall = z.infer<typeof functionCall>;

/** A property of an app's auth provider parameters (spec §3 App), with the account's value. */
export const appParameter = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  secret: z.boolean().optional(),
  value: z.unknown().optional(),
});

export const appFunction = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'Function names are letters, digits, _ and -.'),
  description: z.string().max(1000),
  parameters: z.record(z.string(), z.unknown()),
  /** Words that make the offline responder call this function. */
  keywords: z.array(z.string()).optional(),
});
export type AppFunction = z.infer<typeof appFunction>;

export const appDefinition = z.object({
  appId: z.string(),
  appVersion: z.string(),
  builtIn: z.boolean(),
  appData: z.looseObject({
    name: z.string(),
    description: z.string(),
    functions: z.array(appFunction),
  }),
  dependencies: z.object({
    providers: z.object({
      auth: z.record(z.string(), z.object({ parameters: z.object({ properties: z.record(z.string(), appParameter) }) })),
    }),
  }),
});
export type AppDefinition = z.infer<typeof appDefinition>;

/**
 * The organization's own language model (POST /api/v2/agent/model): OpenAI, Anthropic, or any
 * OpenAI-compatible server by its base URL (Ollama, vLLM, LM Studio). The key is stored sealed and never
 * returned; leaving it out keeps the saved one.
 */
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export const modelConnectionInput = z.object({
  provider: z.enum(MODEL_PROVIDERS),
  model: z.string().trim().min(1, 'Please name the model.').max(200),
  baseUrl: z.url('Please enter the server’s base URL (http or https).').max(500).optional(),
  apiKey: z.string().trim().min(1).max(500).optional(),
});
export type ModelConnectionInput = z.infer<typeof modelConnectionInput>;

/** A saved connection as the API shows it (the key only as whether there is one). */
export const modelConnection = z.object({
  provider: z.enum(MODEL_PROVIDERS),
  model: z.string(),
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  updatedAt: z.number(),
});
export type ModelConnection = z.infer<typeof modelConnection>;

/**
 * Which of the two modes customers meet: `model` (the organization's connection, else the server's
 * environment) or `messages` (no model: the agent takes messages).
 */
export const modelStatus = z.object({
  success: z.literal(true),
  mode: z.enum(['model', 'messages']),
  source: z.enum(['organization', 'environment']).nullable(),
  /** The provider answering ('openai-compatible', 'anthropic', the test stand-in 'offline'), or null. */
  provider: z.string().nullable(),
  model: z.string().nullable(),
  connection: modelConnection.nullable(),
  canEdit: z.boolean(),
});
export type ModelStatus = z.infer<typeof modelStatus>;

/** POST /api/v2/agent/model/test: the provider's answer to a small request, or its error in its words. */
export const modelTestResult = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  ms: z.number(),
});
export type ModelTestResult = z.infer<typeof modelTestResult>;
