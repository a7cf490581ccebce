/**
 * Signing up over real HTTP (a started process, a proxy in front): the sign-up request, the code from
 * the local outbox (asked of `outboxBase`, a process reached directly from this machine: dev tools
 * answer only local requests that no proxy forwarded), then the verification.
 */
export async function signUpOverHttp(
  base: string,
  email: string,
  opts: { outboxBase?: string; headers?: Record<string, string>; fetchImpl?: typeof fetch } = {},
): Promise<{ token: string; id: number }> {
  const f = opts.fetchImpl ?? fetch;
  const post = async (url: string, body: unknown) => {
    const res = await f(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...opts.headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { token: string; id: number; message?: string };
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  await post('/api/v1/signup/email', { email, name: 'Test User', businessName: 'Test Org' });
  const outbox = (await (await fetch(`${opts.outboxBase ?? base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages?: { body: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.messages?.[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${email}: ${JSON.stringify(outbox)}`);
  const verified = await post('/api/v1/email/verify', { email, verificationCode: code });
  return { token: verified.token, id: verified.id };
}
