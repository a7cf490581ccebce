import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { route } from '../../../platform/http/route.ts';
import type { CarrierProvider } from '../../../platform/providers/carrier/index.ts';
import { streamTwiml, TwilioCarrier, verifyTwilioSignature, WHISPER_MAX, xmlEscape } from '../../../platform/providers/carrier/twilio.ts';
import type { Services } from '../../../services.ts';

/**
 * The URLs Twilio may have signed for a request: the public URL as configured, and the same with the
 * scheme's default port added or removed (Twilio signs what it was given; proxies differ on the port).
 */
export function signedUrlCandidates(publicUrl: string, path: string): string[] {
  const u = new URL(publicUrl);
  const port = u.protocol === 'https:' || u.protocol === 'wss:' ? '443' : '80';
  const bare = `${u.protocol}//${u.hostname}`;
  const base = u.origin + u.pathname.replace(/\/$/, '');
  const rest = u.pathname.replace(/\/$/, '') + path;
  return [...new Set([`${base}${path}`, `${bare}${rest}`, `${bare}:${port}${rest}`])];
}

/**
 * Whether a media WebSocket may carry a phone call's audio. With Twilio as the carrier only when the
 * upgrade request is Twilio's: Twilio signs the handshake with X-Twilio-Signature over the stream's
 * wss:// URL (no parameters). A browser's web call carries no signature and needs none; the simulated
 * carrier's phones (the phone simulator) connect unsigned.
 */
export function mediaMayCarryPhoneCalls(carrier: CarrierProvider, publicUrl: string, req: FastifyRequest): boolean {
  if (!(carrier instanceof TwilioCarrier)) return true;
  const sig = req.headers['x-twilio-signature'] as string | undefined;
  if (!sig) return false;
  return signedUrlCandidates(publicUrl.replace(/^http/, 'ws'), req.url).some((url) =>
    verifyTwilioSignature(carrier.authToken, url, {}, sig),
  );
}

const NOT_IN_SERVICE = '<?xml version="1.0" encoding="UTF-8"?><Response><Say>This number is not in service.</Say><Hangup/></Response>';
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Twilio's voice webhooks: an incoming call is answered with `<Connect><Stream>`; status callbacks end calls that did not connect. */
export function twilioVoiceRoutes(app: FastifyInstance, s: Services): void {
  const carrier = s.deps.carrier;
  app.register(async (twilio) => {
    twilio.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const verified = (req: FastifyRequest) => {
      if (!(carrier instanceof TwilioCarrier)) throw notFound('Twilio is not configured.');
      const params = (req.body ?? {}) as Record<string, string>;
      const sig = req.headers['x-twilio-signature'] as string | undefined;
      const ok = signedUrlCandidates(s.deps.config.publicUrl, req.url).some((url) =>
        verifyTwilioSignature(carrier.authToken, url, params, sig),
      );
      if (!ok) throw forbidden('Invalid Twilio signature.');
      return params;
    };
    const xml = (reply: FastifyReply, body: string) => reply.header('content-type', 'text/xml').send(body);

    route(twilio, {
      method: 'POST',
      url: '/api/v1/calls/twilio/voice',
      summary: 'Twilio incoming call webhook: answers with <Connect><Stream> to the media WebSocket',
      tags: ['calls'],
      auth: 'none',
      handler: async (req, reply) => {
        const p = verified(req);
        if (!p.CallSid || !p.From || !p.To) throw badRequest('CallSid, From and To are required.');
        const placed = await s.calls.startInbound({ carrierSid: p.CallSid, from: p.From, to: p.To });
        return xml(reply, placed ? streamTwiml(placed.streamUrl, placed.ticket) : NOT_IN_SERVICE);
      },
    });

    route(twilio, {
      method: 'POST',
      url: '/api/v1/calls/twilio/whisper',
      summary: "A warm transfer's brief, spoken to the person before the caller is connected (Twilio <Number url>)",
      tags: ['calls'],
      auth: 'none',
      query: z.object({ brief: z.string().optional() }),
      handler: async (req, reply) => {
        verified(req);
        const brief = String(req.query.brief ?? '').slice(0, WHISPER_MAX);
        return xml(reply, `<?xml version="1.0" encoding="UTF-8"?><Response>${brief ? `<Say>${xmlEscape(brief)}</Say>` : ''}</Response>`);
      },
    });

    route(twilio, {
      method: 'POST',
      url: '/api/v1/calls/twilio/status',
      summary: 'Twilio call status callback (no-answer, busy, failed end the call)',
      tags: ['calls'],
      auth: 'none',
      query: z.object({ callId: z.string().max(100).optional() }),
      handler: async (req, reply) => {
        const p = verified(req);
        const callId = req.query.callId;
        if (callId && p.CallStatus) await s.calls.carrierStatus(callId, p.CallStatus);
        return xml(reply, EMPTY);
      },
    });
  });
}
