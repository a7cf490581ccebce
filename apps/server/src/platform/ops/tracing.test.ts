import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { signUpOverHttp } from '../../testing/http.ts';
import { processConfig } from '../../testing/processes.ts';

/** What an OTLP/HTTP collector receives: the exporter posts JSON (ExportTraceServiceRequest) to /v1/traces. */
interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface ExportRequest {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

const attr = (attributes: OtlpSpan['attributes'], key: string) => {
  const v = attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  // A fake collector on this machine: it keeps what is posted to /v1/traces, as JSON.
  const received: { path: string; contentType: string | undefined; body: ExportRequest }[] = [];
  const collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += String(d)));
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(body) as ExportRequest });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let built: BuiltApp;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    built = await buildApp(processConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }).config);
    base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await built?.close();
    collector.close();
  });

  it('sends a span per request, named after its route pattern, to the collector over OTLP/HTTP', async () => {
    const session = await signUpOverHttp(base, 'traced@x.test');
    const account = await fetch(`${base}/api/v1/account?token=${session.token}`);
    expect(account.status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const spans = () => received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const accountSpan = () => spans().find((s) => s.name === 'GET /api/v1/account');
    // The batch processor sends every few seconds; closing the app sends the rest.
    await expect.poll(accountSpan, { timeout: 15_000 }).toBeDefined();
    const span = accountSpan()!;
    expect(span.kind).toBe(2); // SERVER
    expect(attr(span.attributes, 'http.route')).toBe('/api/v1/account');
    expect(attr(span.attributes, 'http.response.status_code') ?? attr(span.attributes, 'http.status_code')).toBe(200);
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(spans().some((s) => s.name === 'POST /api/v1/signup/email')).toBe(true);
    // Probes are left out.
    expect(spans().some((s) => attr(s.attributes, 'http.route') === '/api/health' || s.name.includes('/api/health'))).toBe(false);

    expect(received[0]!.path).toBe('/v1/traces');
    expect(received[0]!.contentType).toMatch(/^application\/json/);
    expect(attr(received[0]!.body.resourceSpans[0]!.resource.attributes, 'service.name')).toBe('switchboard'); // OTEL_SERVICE_NAME unset
  });
});
