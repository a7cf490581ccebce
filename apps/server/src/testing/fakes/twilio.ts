import { twilioSignature } from '../../platform/providers/carrier/twilio.ts';
import type { TestApp } from '../harness.ts';
import { startFake, type Reply } from './server.ts';

/** One request to the fake account's REST resources, its path after `/2010-04-01/Accounts/{sid}`. */
export interface TwilioApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, string>;
}

/** Twilio's error shape (https://www.twilio.com/docs/api/errors). */
export const twilioError = (status: number, code: number, message: string): Reply => ({ status, body: { code, message, status } });

/**
 * Twilio's REST API (2010-04-01) for one account on 127.0.0.1: HTTP basic auth with the account SID and
 * auth token (20003 otherwise), form bodies, and Twilio's 20404 for what `handle` does not answer.
 */
export function startFakeTwilio(
  sid: string,
  token: string,
  handle: (r: TwilioApiRequest) => Reply | undefined | Promise<Reply | undefined>,
) {
  const base = `/2010-04-01/Accounts/${sid}`;
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return startFake(async (r) => {
    if (r.headers.authorization !== auth) return twilioError(401, 20003, 'Authenticate');
    const url = new URL(r.path, 'http://api.twilio.test');
    const form = r.body && typeof r.body === 'object' ? (r.body as Record<string, string>) : {};
    const answer = url.pathname.startsWith(`${base}/`)
      ? await handle({ method: r.method, path: url.pathname.slice(base.length), query: url.searchParams, form })
      : undefined;
    return answer ?? twilioError(404, 20404, 'The requested resource was not found');
  });
}

/**
 * Posts a webhook to the app as Twilio does: form-encoded, X-Twilio-Signature made with `token` over
 * `signedUrl` (default: the public URL of `path`); `tamper` changes parameters after signing.
 */
export function twilioWebhook(
  t: TestApp,
  o: { token: string; publicUrl: string },
  path: string,
  params: Record<string, string>,
  opts: { signedUrl?: string; tamper?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(o.token, opts.signedUrl ?? `${o.publicUrl}${path}`, params),
    },
    payload: new URLSearchParams({ ...params, ...opts.tamper }).toString(),
  });
}
