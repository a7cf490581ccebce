import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake service saw: method, path, headers and the parsed body. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  raw: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON (an HTML error page from a proxy), with its own content type header. */
  raw?: string;
  /** Never answers (a provider that hangs): the client's time limit has to end the request. */
  hang?: boolean;
  /** Runs once the answer is sent (a vendor acting after it answered: Twilio connecting a call it queued). */
  afterReply?: () => unknown;
}

export interface FakeServer {
  url: string;
  seen: SeenRequest[];
  /** The next n requests answer this instead (an outage, a rate limit). */
  failNext(reply: Reply, n?: number): void;
  /** Drops the failures still queued. */
  clearFailures(): void;
  close(): Promise<void>;
}

/** A vendor fake on 127.0.0.1: parses JSON or form bodies, records requests, and answers with `handle`. */
export async function startFake(handle: (req: SeenRequest) => Reply | Promise<Reply>): Promise<FakeServer> {
  const seen: SeenRequest[] = [];
  const failures: Reply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = raw;
      if ((req.headers['content-type'] ?? '').includes('json')) body = raw ? JSON.parse(raw) : null;
      else if ((req.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
      const r: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, raw };
      seen.push(r);
      const reply = failures.shift() ?? (await handle(r));
      if (reply.hang) return;
      if (reply.raw !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'text/html', ...reply.headers }).end(reply.raw);
        return;
      }
      res
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      // A failure here surfaces as the test run's unhandled rejection.
      if (reply.afterReply) void Promise.resolve().then(reply.afterReply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failNext(reply, n = 1) {
      for (let i = 0; i < n; i++) failures.push(reply);
    },
    clearFailures() {
      failures.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const bearer = (r: SeenRequest) => (r.headers.authorization ?? '').replace(/^Bearer /, '');

/** Slack's Web API as a bot token sees it: 200 with ok false for a bad token. */
export function fakeSlack(validTokens: string[]) {
  const messages: { channel: string; text: string }[] = [];
  return startFake((r) => {
    if (!validTokens.includes(bearer(r))) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    if (r.path === '/auth.test') return { status: 200, body: { ok: true, team: 'Acme', user: 'switchboard' } };
    if (r.path === '/chat.postMessage') {
      if (!r.body?.channel) return { status: 200, body: { ok: false, error: 'channel_not_found' } };
      messages.push({ channel: r.body.channel, text: r.body.text });
      return { status: 200, body: { ok: true, channel: 'C0123', ts: `${Date.now()}.000100`, message: { text: r.body.text } } };
    }
    return { status: 404, body: { ok: false, error: 'unknown_method' } };
  }).then((f) => Object.assign(f, { messages }));
}

/** HubSpot CRM v3 contacts, notes and calls (engagements), and OAuth 2.0 refresh. */
export function fakeHubspot(o: { accessTokens: string[]; refreshToken?: string; clientSecret?: string }) {
  const contacts = new Map<string, Record<string, string>>();
  const notes: { body: string; contactId: string }[] = [];
  const calls: { id: string; contactId: string; properties: Record<string, string> }[] = [];
  let next = 100;
  const tokens = new Set(o.accessTokens);
  return startFake((r) => {
    if (r.path === '/oauth/v1/token') {
      if (r.body.grant_type !== 'refresh_token' || r.body.refresh_token !== o.refreshToken || r.body.client_secret !== o.clientSecret) {
        return { status: 400, body: { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' } };
      }
      const access = `access-${next++}`;
      tokens.add(access);
      return { status: 200, body: { access_token: access, refresh_token: o.refreshToken, expires_in: 1800, token_type: 'bearer' } };
    }
    if (!tokens.has(bearer(r)))
      return {
        status: 401,
        body: { status: 'error', message: 'The OAuth token used to make this call expired.', category: 'EXPIRED_AUTHENTICATION' },
      };
    if (r.method === 'GET' && r.path.startsWith('/crm/v3/objects/contacts')) return { status: 200, body: { results: [] } };
    if (r.method === 'POST' && r.path === '/crm/v3/objects/contacts/search') {
      const f = r.body.filterGroups[0].filters[0];
      const hit = [...contacts.entries()].find(([, p]) => p[f.propertyName] === f.value);
      return { status: 200, body: { total: hit ? 1 : 0, results: hit ? [{ id: hit[0], properties: hit[1] }] : [] } };
    }
    if (r.method === 'POST' && r.path === '/crm/v3/objects/contacts') {
      const id = String(next++);
      contacts.set(id, r.body.properties);
      return { status: 201, body: { id, properties: r.body.properties } };
    }
    const patch = r.path.match(/^\/crm\/v3\/objects\/contacts\/(\w+)$/);
    if (r.method === 'PATCH' && patch && contacts.has(patch[1]!)) {
      contacts.set(patch[1]!, { ...contacts.get(patch[1]!), ...r.body.properties });
      return { status: 200, body: { id: patch[1], properties: contacts.get(patch[1]!) } };
    }
    if (r.method === 'POST' && r.path === '/crm/v3/objects/calls') {
      const p = r.body.properties ?? {};
      const to = r.body.associations?.[0];
      // HubSpot requires hs_timestamp; a call associates to a contact with type 194 (HUBSPOT_DEFINED).
      if (!p.hs_timestamp || to?.types?.[0]?.associationTypeId !== 194 || !contacts.has(String(to.to.id)))
        return { status: 400, body: { status: 'error', category: 'VALIDATION_ERROR', message: 'Property values were not valid' } };
      const id = String(next++);
      calls.push({ id, contactId: String(to.to.id), properties: p });
      return { status: 201, body: { id, properties: p } };
    }
    if (r.method === 'POST' && r.path === '/crm/v3/objects/notes') {
      notes.push({ body: r.body.properties.hs_note_body, contactId: r.body.associations[0].to.id });
      return { status: 201, body: { id: String(next++) } };
    }
    return { status: 404, body: { status: 'error', message: 'not found' } };
  }).then((f) => Object.assign(f, { contacts, notes, calls }));
}

/** The job-management service: POST settings and team with the integration token as bearer and a targetDate. */
export function fakeJobs(token: string) {
  return startFake((r) => {
    if (bearer(r) !== token) return { status: 401, body: { message: 'invalid token' } };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.body?.targetDate ?? '')) return { status: 400, body: { message: 'targetDate is required' } };
    if (r.path === '/settings')
      return { status: 200, body: { timezone: 'America/Chicago', businessHours: { start: '08:00', end: '17:00' } } };
    if (r.path === '/team')
      return {
        status: 200,
        body: {
          team: [
            { id: 't1', name: 'Dana' },
            { id: 't2', name: 'Luis' },
          ],
        },
      };
    return { status: 404, body: { message: 'not found' } };
  });
}

/** Freshdesk API v2: Basic auth with the API key as user name; tickets need an e-mail or phone. */
export function fakeFreshdesk(apiKey: string) {
  const tickets: Record<string, unknown>[] = [];
  return startFake((r) => {
    const basic = Buffer.from((r.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (basic !== `${apiKey}:X`)
      return { status: 401, body: { code: 'invalid_credentials', message: 'You have to be logged in to perform this action.' } };
    if (r.method === 'GET' && r.path.startsWith('/api/v2/tickets')) return { status: 200, body: tickets.slice(0, 1) };
    if (r.method === 'POST' && r.path === '/api/v2/tickets') {
      if (!r.body?.email && !r.body?.phone)
        return { status: 400, body: { description: 'Validation failed', errors: [{ field: 'requester_id', code: 'missing_field' }] } };
      const ticket = { id: tickets.length + 1, ...r.body };
      tickets.push(ticket);
      return { status: 201, body: ticket };
    }
    return { status: 404, body: { code: 'not_found' } };
  }).then((f) => Object.assign(f, { tickets }));
}
