import crypto from 'node:crypto';

/**
 * SIP messages (RFC 3261 §7): a request or response line, headers (compact forms expanded, names
 * lower-cased, repeated headers kept in order) and a body sized by Content-Length.
 */
export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: Map<string, string[]>;
  body: string;
}
export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: Map<string, string[]>;
  body: string;
}
export type SipMessage = SipRequest | SipResponse;

const COMPACT: Record<string, string> = {
  v: 'via',
  f: 'from',
  t: 'to',
  i: 'call-id',
  m: 'contact',
  l: 'content-length',
  c: 'content-type',
  k: 'supported',
  s: 'subject',
  e: 'content-encoding',
  r: 'refer-to',
  o: 'event',
  b: 'referred-by',
};

/** Canonical spellings for what we write. */
const CANON: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'proxy-authenticate': 'Proxy-Authenticate',
};
const canonical = (h: string) => CANON[h] ?? h.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());

/** Headers whose values may be comma-joined lists (split on top-level commas). */
const LISTS = new Set(['via', 'contact', 'route', 'record-route', 'allow', 'supported']);

function splitList(v: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < v.length; i++) {
    const ch = v[i];
    if (ch === '"' && v[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && ch === '<') depth++;
    else if (!quoted && ch === '>') depth--;
    else if (!quoted && depth === 0 && ch === ',') {
      out.push(v.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(v.slice(start).trim());
  return out.filter(Boolean);
}

export class SipParseError extends Error {}

/** Parses one message; `text` holds the head and at least Content-Length bytes of body. */
export function parseMessage(text: string): SipMessage {
  const headEnd = text.indexOf('\r\n\r\n');
  const head = headEnd >= 0 ? text.slice(0, headEnd) : text;
  const rest = headEnd >= 0 ? text.slice(headEnd + 4) : '';
  // Folded lines (continuations) join the previous header.
  const lines = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const first = lines.shift() ?? '';
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`bad header line: ${line.slice(0, 40)}`);
    let name = line.slice(0, colon).trim().toLowerCase();
    name = COMPACT[name] ?? name;
    const value = line.slice(colon + 1).trim();
    const values = LISTS.has(name) ? splitList(value) : [value];
    headers.set(name, [...(headers.get(name) ?? []), ...values]);
  }
  const length = Number(headers.get('content-length')?.[0] ?? Buffer.byteLength(rest));
  const body = Buffer.from(rest).subarray(0, length).toString();
  const status = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(first);
  if (status) return { kind: 'response', status: Number(status[1]), reason: status[2] ?? '', headers, body };
  const req = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(first);
  if (!req) throw new SipParseError(`bad start line: ${first.slice(0, 60)}`);
  for (const h of ['via', 'from', 'to', 'call-id', 'cseq']) if (!headers.has(h)) throw new SipParseError(`missing ${h} header`);
  return { kind: 'request', method: req[1]!, uri: req[2]!, headers, body };
}

export function serialize(m: SipMessage): string {
  const first = m.kind === 'request' ? `${m.method} ${m.uri} SIP/2.0` : `SIP/2.0 ${m.status} ${m.reason}`;
  const lines = [first];
  for (const [name, values] of m.headers) {
    if (name === 'content-length') continue;
    for (const v of values) lines.push(`${canonical(name)}: ${v}`);
  }
  lines.push(`Content-Length: ${Buffer.byteLength(m.body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${m.body}`;
}

export const header = (m: SipMessage, name: string): string | undefined => m.headers.get(name)?.[0];

export function setHeader(m: SipMessage, name: string, ...values: string[]): void {
  m.headers.set(name, values);
}

/** `;name=value` parameters of a header value (after the URI part). */
export function param(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const tail = value.includes('>') ? value.slice(value.lastIndexOf('>') + 1) : value;
  const m = new RegExp(`;\\s*${name}=([^;,\\s]+)`, 'i').exec(tail);
  return m?.[1];
}

/** The URI inside a name-addr (`"Name" <sip:u@h>;tag=x`) or the bare addr-spec. */
export function uriOf(value: string | undefined): string {
  if (!value) return '';
  const m = /<([^>]*)>/.exec(value);
  return (m ? m[1]! : value.split(';')[0]!).trim();
}

export interface SipUri {
  user: string;
  host: string;
  port: number | null;
  params: Record<string, string>;
}

export function parseUri(uri: string): SipUri | null {
  const m = /^sips?:(?:([^@;]+)@)?([^:;?>]+|\[[^\]]+\])(?::(\d+))?((?:;[^?]*)?)/i.exec(uri.trim());
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const p of (m[4] ?? '').split(';').filter(Boolean)) {
    const [k, v] = p.split('=');
    params[k!.toLowerCase()] = v ?? '';
  }
  return { user: decodeURIComponent((m[1] ?? '').split(':')[0]!), host: m[2]!, port: m[3] ? Number(m[3]) : null, params };
}

export const CSEQ = (m: SipMessage) => {
  const [n, method] = (header(m, 'cseq') ?? '').split(/\s+/);
  return { seq: Number(n), method: (method ?? '').toUpperCase() };
};

export const randomToken = (bytes = 8) => crypto.randomBytes(bytes).toString('hex');
/** RFC 3261's magic cookie marks branches of compliant transactions. */
export const newBranch = () => `z9hG4bK${randomToken(10)}`;

/** A response to `req`: Via, From, To (with our tag when given), Call-ID and CSeq copied (§8.2.6). */
export function responseTo(req: SipRequest, status: number, reason: string, toTag?: string): SipResponse {
  const headers = new Map<string, string[]>();
  for (const h of ['via', 'from', 'to', 'call-id', 'cseq']) headers.set(h, [...(req.headers.get(h) ?? [])]);
  const to = header(req, 'to') ?? '';
  if (toTag && status > 100 && !param(to, 'tag')) headers.set('to', [`${to};tag=${toTag}`]);
  return { kind: 'response', status, reason, headers, body: '' };
}

export function request(method: string, uri: string, headers: Record<string, string | string[]>, body = ''): SipRequest {
  const map = new Map<string, string[]>();
  for (const [k, v] of Object.entries(headers)) map.set(k.toLowerCase(), Array.isArray(v) ? v : [v]);
  return { kind: 'request', method, uri, headers: map, body };
}

export const REASONS: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  481: 'Call/Transaction Does Not Exist',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  500: 'Server Internal Error',
  503: 'Service Unavailable',
};
