import { concatPcm } from '../audio/index.ts';

/**
 * What the cloud speech adapters (Deepgram, OpenAI, ElevenLabs) share: an error that says in plain words
 * what went wrong and which setting to look at (a call shows it as a notice), and an HTTP request with a
 * time limit.
 */
export class SpeechError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    /** The provider's HTTP status, when it answered one. */
    readonly status: number | null = null,
    /**
     * Whether the same request may work later (a rate limit, an outage, a timeout, no connection, an
     * answer we could not read) rather than a refusal that will repeat (a bad key, a bad request).
     */
    readonly retryable: boolean = status == null || status === 429 || status >= 500,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

/** The error for a refused request: a bad key, a rate limit or quota, an outage, or another refusal. */
export function speechHttpError(provider: string, keyVar: string, status: number, detail = ''): SpeechError {
  const their = detail ? `: ${detail.slice(0, 200)}` : '';
  const why =
    status === 401 || status === 403
      ? `refused the API key (${status}): check ${keyVar}`
      : status === 429
        ? 'is rate limiting or out of quota (429): try again later or raise the plan'
        : status >= 500
          ? `is unavailable (${status})${their}`
          : `refused the request (${status})${their}`;
  return new SpeechError(provider, `${provider} ${why}.`, status);
}

export const timeoutError = (provider: string, ms: number) =>
  new SpeechError(provider, `${provider} did not answer within ${Math.round(ms / 100) / 10} s.`);

/** A 2xx answer that is not what was asked for (a proxy's HTML page instead of audio or JSON): worth trying again. */
export const unreadableError = (provider: string, what: string) =>
  new SpeechError(provider, `${provider} sent an answer that could not be read (${what}).`);

/** A signal that fires after `ms` or when `outer` fires. */
export function withTimeout(ms: number, outer?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean } {
  const t = AbortSignal.timeout(ms);
  const signal = outer ? AbortSignal.any([t, outer]) : t;
  return { signal, timedOut: () => t.aborted };
}

/** A request to a speech API: resolves with the response when it is 2xx, else a SpeechError. */
export async function speechFetch(
  provider: string,
  keyVar: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  outer?: AbortSignal,
  /** 'audio': a text or JSON answer (a proxy's page) is unreadable, not audio to play. */
  expect?: 'audio',
): Promise<{ res: Response; signal: AbortSignal; timedOut: () => boolean }> {
  const { signal, timedOut } = withTimeout(timeoutMs, outer);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal });
  } catch (err) {
    throw failure(provider, err, timedOut(), timeoutMs);
  }
  if (!res.ok) throw speechHttpError(provider, keyVar, res.status, await res.text().catch(() => ''));
  const type = res.headers.get('content-type') ?? '';
  if (expect === 'audio' && /^(text\/|application\/json)/i.test(type)) {
    await res.body?.cancel().catch(() => {});
    throw unreadableError(provider, `${type.split(';')[0]} instead of audio`);
  }
  return { res, signal, timedOut };
}

/** The error to throw for a failed request (the caller's own abort passes through unchanged). */
export function failure(provider: string, err: unknown, timedOut: boolean, timeoutMs: number): unknown {
  if (timedOut) return timeoutError(provider, timeoutMs);
  if ((err as Error)?.name === 'AbortError' || err instanceof SpeechError) return err;
  return new SpeechError(provider, `${provider} cannot be reached: ${(err as Error)?.message ?? String(err)}.`);
}

/** The whole body of a response, read within the request's time limit. */
export async function readAll(provider: string, r: { res: Response; timedOut: () => boolean }, timeoutMs: number): Promise<Buffer> {
  try {
    return Buffer.from(await r.res.arrayBuffer());
  } catch (err) {
    throw failure(provider, err, r.timedOut(), timeoutMs);
  }
}

/** The body of a response chunk by chunk as it arrives, within the request's time limit. */
export async function* bodyChunks(
  provider: string,
  r: { res: Response; timedOut: () => boolean },
  timeoutMs: number,
): AsyncIterable<Buffer> {
  if (!r.res.body) return;
  try {
    for await (const chunk of r.res.body as unknown as AsyncIterable<Uint8Array>) if (chunk.length) yield Buffer.from(chunk);
  } catch (err) {
    throw failure(provider, err, r.timedOut(), timeoutMs);
  }
}

/** All the chunks of a stream of audio as one. */
export async function collect(chunks: AsyncIterable<Int16Array>): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const c of chunks) parts.push(c);
  return concatPcm(parts);
}

/** 16-bit little-endian PCM bytes as samples (an odd trailing byte is dropped). */
export function pcm16le(bytes: Buffer): Int16Array {
  const out = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
  return out;
}
