import { createRequire } from 'node:module';
import { context, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces, sent over OTLP/HTTP (JSON) to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`; the
 * standard OTEL_EXPORTER_OTLP_HEADERS / _TIMEOUT and OTEL_SERVICE_NAME apply. app.ts imports this file
 * only when that variable is set, so without it none of these packages is loaded.
 *
 * Spans: one per HTTP request the server answers (named `GET /api/v1/account`, by route pattern, with
 * `http.route`; probes and /metrics left out), and one per outgoing request made through node:http or
 * node:https. `fetch` (undici) is not instrumented: those calls are in the metrics. The tracer provider is
 * one per process: several apps in one process (tests) share it, with the first one's endpoint.
 */
export interface Tracing {
  /** Sends the spans not yet sent (called when an app closes). */
  flush(): Promise<void>;
}

let started: NodeTracerProvider | undefined;

function start(endpoint: string): NodeTracerProvider {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME ?? 'switchboard' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would drown the requests that matter.
        ignoreIncomingRequestHook: (req) => /^\/(api\/health|api\/ready|metrics)(\?|$)/.test(req.url ?? ''),
      }),
    ],
  });
  // The instrumentation patches node:http and node:https when they are next required; the server has
  // imported them already (ES modules share the same module objects), so require them once here.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  return provider;
}

/** Starts tracing for this process (once) and names each request's span after its Fastify route. */
export function registerTracing(app: FastifyInstance, endpoint: string): Tracing {
  const provider = (started ??= start(endpoint));
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route) {
      // The HTTP instrumentation names the span from this when the response ends.
      const rpc = getRPCMetadata(context.active());
      if (rpc?.type === RPCType.HTTP) rpc.route = route;
      const span = trace.getActiveSpan();
      span?.setAttribute(ATTR_HTTP_ROUTE, route);
      span?.updateName(`${request.method} ${route}`);
    }
    done();
  });
  return { flush: () => provider.forceFlush() };
}
