import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { Db } from '../db/index.ts';
import { fromThisMachine } from '../http/devtools.ts';
import { notFound, unauthorized } from '../http/errors.ts';

/**
 * Prometheus metrics (`GET /metrics`, prom-client's text format).
 *
 * Two registries: this process's (Node's own figures such as event-loop lag, and counters that code
 * anywhere increments: ledger transfers, job outcomes, outbound provider calls), and one per app
 * (requests by route and status, gauges read at scrape time from that app's database, sockets and
 * calls). A process runs one app; tests build many in one process, each with its own gauges.
 */
export const processRegistry = new client.Registry();

/** Transfers the ledger made (`made`), found already made under their key (`repeated`), or refused (`refused`). */
export const ledgerTransfers = new client.Counter({
  name: 'switchboard_ledger_transfers_total',
  help: 'Ledger transfers by kind and outcome (made, repeated, refused)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

/** Jobs of the durable queue that ran, by kind and outcome: done, retry (failed, will run again), failed (for good). */
export const jobRuns = new client.Counter({
  name: 'switchboard_job_runs_total',
  help: 'Job runs by kind and outcome (done, retry, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

/** Outbound HTTP calls (providers, webhooks, integrations) made with fetch, by host and outcome, with latency. */
export const providerCalls = new client.Histogram({
  name: 'switchboard_provider_call_duration_seconds',
  help: 'Outbound HTTP calls (fetch) by provider host and outcome (2xx, 4xx, 5xx, error): time to response headers',
  labelNames: ['provider', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

let processMetricsStarted = false;

/**
 * Starts what the process measures once, whatever number of apps it builds: Node's default metrics
 * (event-loop lag, heap, GC, handles) and the outbound-call timings, which come from the diagnostics
 * channels Node's fetch (undici) publishes, so no adapter needs wrapping.
 */
function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  const started = new WeakMap<object, { at: bigint; provider: string }>();
  const finish = (request: object, outcome: string) => {
    const s = started.get(request);
    if (!s) return;
    started.delete(request);
    providerCalls.observe({ provider: s.provider, outcome }, Number(process.hrtime.bigint() - s.at) / 1e9);
  };
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin?: string | URL } };
    let provider = 'unknown';
    try {
      provider = new URL(String(request.origin)).host;
    } catch {
      // an origin undici could not parse is counted as unknown
    }
    started.set(request, { at: process.hrtime.bigint(), provider });
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    finish(request, `${Math.floor(response.statusCode / 100)}xx`);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    finish((message as { request: object }).request, 'error');
  });
}

export type MetricsMode = 'off' | 'local' | 'token';

export interface MetricsSources {
  db: Db;
  /** PostgreSQL's connection pool (pg.Pool); SQLite has one connection and no pool. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** Live calls this process holds. */
  liveCalls: () => number;
}

const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/**
 * Who may read `/metrics` is decided by the route, like the development tools: its own onRequest hook
 * (no cost to any other route). `local` (default): requests from this machine that no proxy forwarded
 * (devtools' `fromThisMachine`), others get the 404 of an unknown path; `token`: a bearer token equal to
 * METRICS_TOKEN, from anywhere; `off`: no route and no per-request hook at all.
 */
export function registerMetrics(app: FastifyInstance, mode: MetricsMode, token: string | undefined, sources: MetricsSources): void {
  if (mode === 'off') return;
  startProcessMetrics();
  const registry = new client.Registry();

  const requests = new client.Histogram({
    name: 'switchboard_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with latency (count: requests)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // One child per method, route pattern and status: the label key is built and hashed once, not per request.
  const children = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(no route)';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = requests.labels(request.method, route, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  new client.Gauge({
    name: 'switchboard_jobs',
    help: 'Jobs in the durable queue by status (queued includes those waiting for a retry)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ status: string; n: number | string }>`select status, count(*) as n from jobs group by status`.execute(
        sources.db,
      );
      this.reset();
      for (const status of ['queued', 'running', 'failed']) this.set({ status }, 0);
      for (const r of rows) if (r.status !== 'done') this.set({ status: r.status }, Number(r.n));
    },
  });
  if (sources.pool) {
    const pool = sources.pool;
    new client.Gauge({
      name: 'switchboard_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and clients waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new client.Gauge({
    name: 'switchboard_websockets_open',
    help: 'Open WebSocket connections on this process (inbox, live calls, media streams)',
    registers: [registry],
    collect() {
      const wss = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
      this.set(wss?.clients.size ?? 0);
    },
  });
  new client.Gauge({
    name: 'switchboard_live_calls',
    help: 'Live calls this process holds',
    registers: [registry],
    collect() {
      this.set(sources.liveCalls());
    },
  });

  const guard = (request: FastifyRequest) => {
    if (mode === 'local') {
      if (!fromThisMachine(request)) throw notFound(`No route for ${request.method} ${request.routeOptions.url}.`);
      return;
    }
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!token || !sameSecret(given, token)) throw unauthorized('Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
  };

  app.get(
    '/metrics',
    {
      config: { auth: 'none', inputFields: { query: new Set() } },
      schema: { hide: true },
      onRequest: (request, _reply, done) => {
        try {
          guard(request);
          done();
        } catch (err) {
          done(err as Error);
        }
      },
    },
    async (_request, reply) => {
      const merged = client.Registry.merge([processRegistry, registry]);
      reply.header('content-type', merged.contentType).header('cache-control', 'no-store');
      return merged.metrics();
    },
  );
}
