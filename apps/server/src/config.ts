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
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Switchboard <no-reply@switchboard.local>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which peers are proxies whose X-Forwarded-For / -Proto count: unset (default) means none, the client
   * is the socket's peer. A comma list of addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`. Rate limits key on the address this yields, so name only proxies that really sit in
   * front. (Fastify cannot check a bare hop count against the peer, so none is accepted.)
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-zA-Z.:/]+(\s*,\s*[0-9a-zA-Z.:/]+)*$/, 'must be a comma list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal')
    .optional(),
  /**
   * Who may use the development conveniences (the local outbox with its sign-in codes, the simulated
   * carrier's endpoints, /dev/phone): `local` (default) only requests from this machine, `open` anyone
   * (a shared test server), `off` no one. Codes are written to the log only while not `off`.
   */
  DEV_TOOLS: z.enum(['local', 'open', 'off']).default('local'),
  /** Requests a client may make to the sign-in routes per minute. */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
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
  /** Run the job worker in this process (tests turn it off and drain the queue themselves). */
  JOBS_AUTOSTART: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** OpenAI-compatible language model (OpenAI, Ollama, vLLM); unset with no ANTHROPIC_API_KEY means the offline responder. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-4-5'),
  ANTHROPIC_BASE_URL: z.url().optional(),
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
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional(),
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
  /** The key that encrypts stored secrets (integration credentials, webhook secrets): 64 hex characters; unset: DATA_DIR/secrets.key. */
  SECRETS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex or 44 base64 characters')
    .optional(),
  /** API bases of the integrations (a fake Slack or HubSpot in tests and offline trials). */
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  HUBSPOT_API_URL: z.url().default('https://api.hubapi.com'),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  dataDir: string;
  /** Fastify's trustProxy, from TRUST_PROXY. */
  trustProxy: false | string[];
  publicUrl: string;
  databaseKind: 'sqlite' | 'postgres';
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
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseKind: e.DATABASE_URL ? 'postgres' : 'sqlite',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}
