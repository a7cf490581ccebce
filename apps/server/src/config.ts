import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** A comma-separated list, trimmed and lowercased. */
const lowercaseList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** The environment, validated once at start-up. A bad value stops start-up naming the variable. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SUPER_ADMIN_EMAILS: lowercaseList,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Switchboard <no-reply@switchboard.local>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which peers are proxies whose X-Forwarded-For / -Proto count: unset (default) means none, the client
   * is the socket's peer. A comma list of addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`. Rate limits key on the address this yields, so name only proxies that really sit in
   * front. (Fastify cannot check a bare hop count against the peer, so none is accepted.)
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^[0-9a-zA-Z.:/]+(\s*,\s*[0-9a-zA-Z.:/]+)*$/,
      'must be a comma list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal',
    )
    .optional(),
  /**
   * Who may use the development conveniences (the local outbox with its sign-in codes, the simulated
   * carrier's endpoints, /dev/phone): `local` (default) only requests from this machine, `open` anyone
   * (a shared test server), `off` no one. Codes are written to the log only while not `off`.
   */
  DEV_TOOLS: z.enum(['local', 'open', 'off']).default('local'),
  /** Requests a client may make to the sign-in routes per minute. */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * Who may read GET /metrics (Prometheus): `local` (default) only requests from this machine that no
   * proxy forwarded, `token` anyone sending `Authorization: Bearer $METRICS_TOKEN`, `off` no one (no route).
   */
  METRICS: z.enum(['off', 'local', 'token']).default('local'),
  /** OpenTelemetry: traces go over OTLP/HTTP to this collector (e.g. http://127.0.0.1:4318); unset, no tracing code loads. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The bearer token of METRICS=token: at least 16 characters. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Messages one sender (a signed-in user, staff or chat visitor) may send per minute. */
  SEND_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Open WebSocket connections one session token may hold; one more is refused (close code 4429). */
  WS_MAX_PER_TOKEN: z.coerce.number().int().positive().default(10),
  /** Open WebSocket connections one client address may hold (TRUST_PROXY decides which address counts). */
  WS_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** How often WebSockets are pinged; one that missed the previous ping is closed. */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().optional(),
  /** Twilio (the real carrier): set both to use it instead of the simulated carrier. */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** Twilio's API base (a fake Twilio in tests). */
  TWILIO_BASE_URL: z.url().optional(),
  /** The sender for platform texts (sign-in codes) through Twilio. */
  TWILIO_FROM_NUMBER: z.string().optional(),
  /** Redis pub/sub channel of realtime events (processes sharing one database share it). */
  REDIS_EVENTS_CHANNEL: z.string().min(1).default('switchboard:events'),
  /** Google Calendar OAuth client (unset: connecting Google answers that it is not configured). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's endpoints (fakes on 127.0.0.1 in tests). */
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_API_URL: z.url().default('https://www.googleapis.com'),
  CALENDLY_API_URL: z.url().default('https://api.calendly.com'),
  /** Days activity log rows are kept (modules/logs prunes older ones hourly while the worker runs); 0 keeps them forever. */
  LOGS_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  /** Run the job worker in this process (tests turn it off and drain the queue themselves). */
  JOBS_AUTOSTART: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * OpenAI-compatible language model (OpenAI, Ollama, vLLM); unset with no ANTHROPIC_API_KEY (and no
   * connection of the organization's own) the agent takes messages without a model.
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-4-5'),
  ANTHROPIC_BASE_URL: z.url().optional(),
  /**
   * `keywords`: instead of taking messages when no model is configured, a deterministic stand-in model
   * answers (it calls functions by their keywords and quotes the instructions). For tests and demos of
   * functions only: it shows its instructions, so never to customers.
   */
  LLM_STAND_IN: z.enum(['none', 'keywords']).default('none'),
  /** Deepgram live speech-to-text (calls): the API key; base and model for a fake Deepgram or another model. */
  DEEPGRAM_API_KEY: z.string().min(1).optional(),
  DEEPGRAM_BASE_URL: z
    .string()
    .regex(/^wss?:\/\/[^\s]+$/, 'must be a ws:// or wss:// URL')
    .default('wss://api.deepgram.com'),
  DEEPGRAM_MODEL: z.string().min(1).default('nova-2-phonecall'),
  /** OpenAI speech (transcription and speech synthesis on calls); OPENAI_BASE_URL for a compatible server or a fake. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_STT_MODEL: z.enum(['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe']).default('gpt-4o-mini-transcribe'),
  OPENAI_TTS_MODEL: z.enum(['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd']).default('gpt-4o-mini-tts'),
  /** ElevenLabs speech synthesis on calls; the voice id used when an agent's voice is not an ElevenLabs id. */
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default('eleven_flash_v2_5'),
  ELEVENLABS_VOICE_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{20}$/, 'must be an ElevenLabs voice id (20 letters and digits)')
    .default('21m00Tcm4TlvDq8ikWAM'),
  /** How long a request to an outside provider (carrier, payments, calendars, integrations) may take before it is given up (503). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  /** How long a call waits for a speech API before saying it did not answer. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Hosts agent webhooks may reach even when private or loopback (comma list; for tests and local tools). */
  WEBHOOK_ALLOW_HOSTS: lowercaseList,
  /** Where the main brand's feedback forms go (brands name their own in their app identity). */
  SUPPORT_EMAIL: z.email().default('support@switchboard.local'),
  /** Where the main brand's contact-sales forms go (default SUPPORT_EMAIL). */
  SALES_EMAIL: z.email().optional(),
  /** The main brand's store listings, shown by the install overlay and in its web app manifest. */
  APP_STORE_URL: z.url().optional(),
  PLAY_STORE_URL: z.url().optional(),
  /** The contact in Web Push (VAPID) signatures: a mailto: or https: URL (default mailto:SUPPORT_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** Hosts push endpoints may use even when private, loopback or plain http (comma list; for tests). */
  PUSH_ALLOW_HOSTS: lowercaseList,
  /** A BTC spot-price API in Coinbase's shape for the exchange rate; unset: the fixed BTC_USD_PRICE. */
  RATE_SOURCE_URL: z.url().optional(),
  /** The local price feed's BTC price in USD (43000 makes 0.00043 USD per sat). */
  BTC_USD_PRICE: z.coerce.number().positive().default(43_000),
  /** Stripe for card checkouts and the billing portal (both keys needed; unset: the local checkout). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (tests: a fake Stripe on 127.0.0.1). */
  STRIPE_API_BASE: z.url().optional(),
  /** PayPal Payouts for PayPal and Venmo withdrawals (both needed; unset: the local payout processor). */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().optional(),
  /** A Lightning node for invoices: 'lnd' (LND REST) or 'lnbits'; unset: the local node. */
  LIGHTNING_BACKEND: z.enum(['local', 'lnd', 'lnbits']).default('local'),
  /** LND REST address and its invoice macaroon (hex), or LNbits address and its invoice key. */
  LIGHTNING_URL: z.url().optional(),
  LIGHTNING_KEY: z.string().min(1).optional(),
  /** The key that encrypts stored secrets (integration credentials, webhook secrets): 64 hex characters; unset: DATA_DIR/secrets.key. */
  SECRETS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex or 44 base64 characters')
    .optional(),
  /** API bases of the integrations (a fake Slack or HubSpot in tests and offline trials). */
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  HUBSPOT_API_URL: z.url().default('https://api.hubapi.com'),
  /** The SIP endpoint's port, UDP and TCP (docs/telephony.md); `off` disables it, 0 takes any free port. */
  SIP_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'must be a port number or off')
    .refine((v) => v === 'off' || Number(v) <= 65535, 'must be at most 65535')
    .default('5060')
    .transform((v) => (v === 'off' ? null : Number(v))),
  /** The address SIP peers reach us at (Via, Contact, SDP); default: HOST when it is one address, else this machine's first IPv4. */
  SIP_PUBLIC_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be an IPv4 address or host name')
    .optional(),
  /** UDP ports for call audio (RTP), one even port per call: open the range in the firewall. */
  RTP_PORT_MIN: z.coerce.number().int().min(1024).max(65534).default(10000),
  RTP_PORT_MAX: z.coerce.number().int().min(1025).max(65535).default(20000),
  /** The digest realm of our registrar. */
  SIP_REALM: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'must be letters, digits, dots or dashes')
    .default('switchboard'),
  /** How long an inbound SIP call rings (180 Ringing) before the agent answers. */
  SIP_RING_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  dataDir: string;
  /** Fastify's trustProxy, from TRUST_PROXY. */
  trustProxy: false | string[];
  publicUrl: string;
  databaseKind: 'sqlite' | 'postgres';
  /** SIP_PUBLIC_ADDRESS, or the address worked out from HOST and the machine's interfaces. */
  sipPublicAddress: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.METRICS === 'token' && !e.METRICS_TOKEN)
    throw new ConfigError('Invalid environment variable METRICS_TOKEN: required when METRICS=token');
  if (e.RTP_PORT_MIN > e.RTP_PORT_MAX) throw new ConfigError('Invalid environment variable RTP_PORT_MIN: must not be above RTP_PORT_MAX');
  return {
    sipPublicAddress: e.SIP_PUBLIC_ADDRESS ?? defaultSipAddress(e.HOST),
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseKind: e.DATABASE_URL ? 'postgres' : 'sqlite',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

function defaultSipAddress(host: string): string {
  if (host !== '0.0.0.0' && host !== '::' && /^[0-9.]+$/.test(host)) return host;
  for (const list of Object.values(os.networkInterfaces()))
    for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) return i.address;
  return '127.0.0.1';
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
