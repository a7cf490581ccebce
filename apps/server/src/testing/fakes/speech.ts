import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { decodeMulaw, encodeMulaw, fromWav, rms } from '../../platform/audio/index.ts';

/** The keys the fakes accept; 'rate-limited' gets 429, 'slow' never gets an answer, anything else 401. */
export const GOOD_KEY = 'test-speech-key';

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

function refuse(key: string | undefined, res: http.ServerResponse): boolean {
  if (key === GOOD_KEY || key === 'slow') return false;
  res.statusCode = key === 'rate-limited' ? 429 : 401;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: { message: key === 'rate-limited' ? 'Rate limit reached' : 'Incorrect API key provided' } }));
  return true;
}

/** What the fake Deepgram saw on one stream. */
export interface DeepgramStreamSeen {
  query: URLSearchParams;
  audioBytes: number;
  keepAlives: number;
  closed: boolean;
}

/**
 * A fake Deepgram live transcription server: WebSocket at /v1/listen, `Authorization: Token <key>`
 * checked at the handshake (401/429 as HTTP answers, like Deepgram's), binary audio counted, `KeepAlive`
 * counted, and on `CloseStream` a final `Results` message (its transcript `texts.shift()`), a
 * `Metadata` message and a close.
 */
export async function fakeDeepgram(
  texts: string[],
  /**
   * `endpointMs`: like Deepgram's own endpointing, once this much silence follows speech the next text is
   * sent as a final `Results` (speech_final) while the stream stays open; `CloseStream` then only closes.
   */
  opts: { endpointMs?: number } = {},
) {
  const streams: DeepgramStreamSeen[] = [];
  const server = http.createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const key = /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/v1/listen' || (key !== GOOD_KEY && key !== 'slow')) {
      const status = url.pathname !== '/v1/listen' ? 404 : key === 'rate-limited' ? 429 : 401;
      const body = JSON.stringify({ err_code: status === 401 ? 'INVALID_AUTH' : 'TOO_MANY_REQUESTS', err_msg: 'refused' });
      socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const seen: DeepgramStreamSeen = { query: url.searchParams, audioBytes: 0, keepAlives: 0, closed: false };
      streams.push(seen);
      let spoke = false;
      let quietBytes = 0;
      let sentFinal = false;
      const final = (transcript: string) =>
        ws.send(
          JSON.stringify({
            type: 'Results',
            channel_index: [0, 1],
            duration: seen.audioBytes / 8000,
            start: 0,
            is_final: true,
            speech_final: true,
            channel: { alternatives: [{ transcript, confidence: 0.98, words: [] }] },
          }),
        );
      ws.on('message', (raw: Buffer, binary) => {
        if (binary) {
          seen.audioBytes += raw.length;
          if (opts.endpointMs == null || sentFinal) return;
          if (rms(decodeMulaw(raw)) >= 400) {
            spoke = true;
            quietBytes = 0;
          } else if (spoke && (quietBytes += raw.length) >= opts.endpointMs * 8) {
            sentFinal = true;
            final(texts.shift() ?? '');
          }
          return;
        }
        const m = JSON.parse(raw.toString());
        if (m.type === 'KeepAlive') seen.keepAlives++;
        if (m.type !== 'CloseStream' || key === 'slow') return;
        seen.closed = true;
        const duration = seen.audioBytes / 8000;
        if (sentFinal) {
          ws.send(JSON.stringify({ type: 'Metadata', request_id: 'req-1', duration, channels: 1 }));
          return void ws.close(1000);
        }
        const transcript = texts.shift() ?? '';
        ws.send(
          JSON.stringify({
            type: 'Results',
            channel_index: [0, 1],
            duration,
            start: 0,
            is_final: true,
            speech_final: true,
            channel: { alternatives: [{ transcript, confidence: 0.98, words: [] }] },
          }),
        );
        ws.send(JSON.stringify({ type: 'Metadata', request_id: 'req-1', duration, channels: 1 }));
        ws.close(1000);
      });
    });
  });
  const port = await listen(server);
  return {
    url: `ws://127.0.0.1:${port}`,
    streams,
    close: () => new Promise<void>((r) => (wss.close(), server.closeAllConnections(), server.close(() => r()))),
  };
}

/** What the fake OpenAI / ElevenLabs saw. */
export interface SpeechRequestSeen {
  path: string;
  headers: http.IncomingHttpHeaders;
  json?: any;
  form?: { model: string; language: string | null; fileName: string; rate: number; samples: number };
}

/**
 * A fake OpenAI audio API and ElevenLabs text-to-speech on one 127.0.0.1 server:
 * - POST /v1/audio/transcriptions (multipart: file, model): `{text: texts.shift()}`
 * - POST /v1/audio/speech (JSON, response_format pcm): 24 kHz 16-bit PCM, 10 ms per character of input
 * - POST /v1/text-to-speech/{voice}/stream?output_format=ulaw_8000 (xi-api-key): μ-law 8 kHz, streamed
 *   in chunks, 10 ms per character (the first chunk alone while `gate.hold` is set)
 */
export async function fakeSpeechApis(
  texts: string[],
  /** `firstChunkMs`: ElevenLabs and OpenAI speech answers wait this long before their first chunk (a realistic latency). */
  opts: { firstChunkMs?: number } = {},
) {
  const seen: SpeechRequestSeen[] = [];
  /** While set, ElevenLabs answers send their first chunk and wait for it to resolve before the rest. */
  const gate: { hold: Promise<void> | null; held: number } = { hold: null, held: 0 };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://x');
    const entry: SpeechRequestSeen = { path: `${url.pathname}${url.search}`, headers: req.headers };
    seen.push(entry);
    if (opts.firstChunkMs) await new Promise((r) => setTimeout(r, opts.firstChunkMs));
    if (url.pathname.startsWith('/v1/text-to-speech/')) {
      if (refuse(req.headers['xi-api-key'] as string | undefined, res)) return;
      if (req.headers['xi-api-key'] === 'slow') return;
      entry.json = JSON.parse(body.toString());
      if (url.searchParams.get('output_format') !== 'ulaw_8000' || !entry.json.text) return void res.writeHead(422).end('{}');
      const audio = encodeMulaw(tone(Math.round(entry.json.text.length * 80), 8000));
      res.writeHead(200, { 'content-type': 'audio/basic' });
      res.write(audio.subarray(0, 400));
      if (gate.hold) {
        gate.held++;
        await gate.hold;
      }
      for (let i = 400; i < audio.length; i += 400) res.write(audio.subarray(i, i + 400));
      return void res.end();
    }
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (refuse(key, res)) return;
    if (key === 'slow') return;
    if (url.pathname === '/v1/audio/transcriptions') {
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
      const file = form.get('file') as File;
      const wav = fromWav(Buffer.from(await file.arrayBuffer()));
      entry.form = {
        model: String(form.get('model')),
        language: form.get('language') as string | null,
        fileName: file.name,
        rate: wav.rate,
        samples: wav.pcm.length,
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ text: texts.shift() ?? '' }));
    }
    if (url.pathname === '/v1/audio/speech') {
      entry.json = JSON.parse(body.toString());
      if (entry.json.response_format !== 'pcm') return void res.writeHead(400).end('{"error":{"message":"format"}}');
      const pcm = tone(Math.round(entry.json.input.length * 240), 24000);
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      // Odd-sized chunks: samples split across chunks, as a real stream may split them.
      const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      for (let i = 0; i < bytes.length; i += 1001) res.write(bytes.subarray(i, i + 1001));
      return void res.end();
    }
    res.writeHead(404).end('{}');
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    gate,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** A 300 Hz tone of `n` samples at `rate`. */
function tone(n: number, rate: number): Int16Array {
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / rate));
  return pcm;
}
