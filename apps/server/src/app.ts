import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { AVATAR_MAX_BYTES } from '@switchboard/core';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { createAccess } from './access.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db.ts';
import type { Deps } from './deps.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { superAdminModule } from './modules/superadmin/index.ts';
import { adminsModule, membershipsOfUser } from './modules/admins/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { appsModule } from './modules/apps/index.ts';
import { authModule, authOf, registerAuth } from './modules/auth/index.ts';
import { brandsModule } from './modules/brands/index.ts';
import { callsModule } from './modules/calls/index.ts';
import { chatModule, PAGE_SCRIPTS } from './modules/chat/index.ts';
import { conversationsModule } from './modules/conversations/index.ts';
import { devModule } from './modules/dev/index.ts';
import { deviceModule } from './modules/device/index.ts';
import { integrationsModule } from './modules/integrations/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import { contactsModule } from './modules/contacts/index.ts';
import { calendarModule } from './modules/calendar/index.ts';
import { linkpagesModule } from './modules/linkpages/index.ts';
import { referralsModule } from './modules/referrals/index.ts';
import { sipModule } from './modules/sip/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { numbersModule } from './modules/numbers/index.ts';
import { searchModule } from './modules/search/index.ts';
import { statsModule } from './modules/stats/index.ts';
import { logsModule } from './modules/logs/index.ts';
import { templatesModule } from './modules/templates/index.ts';
import { versionsModule } from './modules/versions/index.ts';
import { agentTestsModule } from './modules/agenttests/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { frameworkErrors, registerErrorHandler } from './platform/http/errors.ts';
import { registerDevToolsGuard } from './platform/http/devtools.ts';
import { createFastPaths } from './platform/http/fastPath.ts';
import { registerInputGuard } from './platform/http/input.ts';
import { jobRuns, registerMetrics } from './platform/ops/metrics.ts';
import { registerReadiness } from './platform/ops/readiness.ts';
import { registerSecurityHeaders } from './platform/http/security.ts';
import type { ServerModule } from './platform/http/module.ts';
import { createCarrier } from './platform/providers/carrier/index.ts';
import { createEmailProvider } from './platform/providers/email/index.ts';
import { LocalFiles } from './platform/providers/files/index.ts';
import { createServices, type Services } from './services.ts';
import type { CallRelay } from './platform/realtime/relay.ts';

/**
 * Every module, in registration order. A module's routes, hooks, job handlers and subscribers are
 * registered by its index.ts; nothing else registers routes, so this list is the whole API.
 * (Onboarding has no routes of its own: accounts uses it.)
 */
export const MODULES: ServerModule<Services>[] = [
  authModule,
  accountsModule({ authOf, membershipsOfUser }),
  adminsModule(authOf),
  superAdminModule,
  devModule,
  agentsModule,
  versionsModule,
  agentTestsModule,
  templatesModule,
  appsModule,
  conversationsModule,
  notificationsModule,
  searchModule,
  numbersModule,
  chatModule,
  brandsModule,
  deviceModule,
  walletModule,
  billingModule,
  callsModule,
  integrationsModule,
  webhooksModule,
  statsModule,
  logsModule,
  contactsModule,
  calendarModule,
  linkpagesModule,
  referralsModule,
  sipModule,
];

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Client-side routes of spec §2: served the web app with 200; other unknown paths get it with 404. */
const APP_PATHS = /^\/(app|inbox|mobile|install|docs|schedule|chat|dev|payto)(\/|$)|^\/$/;

/** One log line per request ("request completed", with the status and time) instead of two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface BuildOptions {
  database?: DatabaseHandle;
  logger?: Logger;
  /** A call relay shared with another app in this process (tests of live calls across processes). */
  relay?: CallRelay;
}

function makeLogger(config: Config): Logger {
  const pretty = process.stdout.isTTY && config.LOG_LEVEL !== 'silent';
  return pino({
    level: config.LOG_LEVEL,
    // Tokens travel in query strings; never write them to the log.
    redact: { paths: ['req.headers.authorization', 'req.query.token', 'req.query.adminToken'], remove: true },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } } : {}),
  });
}

/** Builds the whole server: providers, services, routes. Tests build it on a fresh database. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const log = opts.logger ?? makeLogger(config);
  const database =
    opts.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { sqliteFile: path.join(config.dataDir, 'switchboard.db'), backgroundCheckpoint: true },
    ));

  const deps: Deps = {
    config,
    db: database.db,
    dbKind: database.kind,
    log,
    email: createEmailProvider(config, database.db, log),
    carrier: createCarrier(database.db, log, config),
    files: new LocalFiles(path.join(config.dataDir, 'files')),
    requireAccess: createAccess(database.db),
  };
  const services = createServices(deps, { relay: opts.relay });

  const fastPaths = createFastPaths();
  const app: FastifyInstance = Fastify({
    serverFactory: (handler, options) => fastPaths.serverFactory(handler, options),
    loggerInstance: log as FastifyInstance['log'],
    trustProxy: config.trustProxy,
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    // The spec's query strings (page=0, targetAccountId=12) are parsed by the zod schemas.
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;
  fastPaths.register(app);
  // OpenTelemetry only when a collector is set: the tracing packages are not even loaded otherwise.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./platform/ops/tracing.ts')).registerTracing(app, config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by explicit mappers (toAccount, toListItem, ...) and their zod schemas are the
  // OpenAPI contract; tests check responses against them (contracts.test.ts). Re-validating every
  // response at run time cost more than half the throughput of the JSON endpoints (npm run bench).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // While closing, answers in flight end their keep-alive connection so close() need not wait for it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await registerSecurityHeaders(app, { inlineScripts: PAGE_SCRIPTS });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Switchboard API', version: '1.0.0', description: 'AI phone agents, inbox, wallet and link pages.' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs/api', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { auth: 'none' } }, async () => app.swagger());

  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });

  registerErrorHandler(app);
  registerDevToolsGuard(app, config.DEV_TOOLS);
  registerInputGuard(app);
  registerAuth(app, deps.db, config);

  app.get(
    '/api/health',
    { config: { auth: 'none', inputFields: { query: new Set() } }, schema: { summary: 'Health', tags: ['ops'] } },
    async () => {
      await database.db.selectFrom('accounts').select('id').limit(1).execute();
      return { success: true, database: database.kind };
    },
  );
  registerReadiness(app, { db: database.db, bus: services.inbox.bus });
  registerMetrics(app, config.METRICS, config.METRICS_TOKEN, {
    db: database.db,
    pool: database.pool,
    liveCalls: () => services.calls.live.ids().length,
  });
  if (config.METRICS !== 'off') services.inbox.queue.onOutcome = (kind, outcome) => jobRuns.inc({ kind, outcome });

  for (const module of MODULES) await module.register(app, services);

  await serveWebApp(app, config.WEB_DIST ?? DEFAULT_WEB_DIST);

  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await tracing?.flush().catch(() => undefined);
      if (!opts.database) await database.close();
    },
  };
}

/**
 * The built web app (apps/web/dist): assets, and index.html for the app's own routes. Unknown API paths
 * answer the JSON envelope; unknown page paths get the app (which shows its 404 page) with status 404.
 */
async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  if (html) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, serve: true, prefix: '/' });
  else app.log.warn(`web app not built (${dist}); run "npm run build" to serve it`);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' && !/^\/(api|internal|assets|files)\//.test(url);
    if (!html || !isPage) {
      return reply.status(404).send({ success: false, message: `No route for ${request.method} ${url}.`, code: 'not_found' });
    }
    return reply
      .status(APP_PATHS.test(url) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
