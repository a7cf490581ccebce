import type { FastifyInstance } from 'fastify';
import { carrierCallsResponse, carrierNumbersResponse, carrierSentResponse } from '@switchboard/core/contracts/numbers';
import { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { ELSEWHERE } from '../../platform/providers/carrier/localNumbers.ts';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { TwilioCarrier, verifyTwilioSignature } from '../../platform/providers/carrier/twilio.ts';
import type { Services } from '../../services.ts';
import { normalizePhone } from '../../platform/http/phone.ts';

/** The simulated carrier's API and Twilio's SMS webhooks. */
export function carrierRoutes(app: FastifyInstance, s: Services): void {
  const carrier = s.deps.carrier;

  // The simulated carrier's own API: only while it is the active carrier.
  const local = () => {
    if (!(carrier instanceof LocalCarrier)) throw notFound('The simulated carrier is not active.');
    return carrier;
  };

  route(app, {
    method: 'POST',
    url: '/api/dev/carrier/inbound',
    summary: 'Simulated carrier: a phone texts one of our numbers',
    tags: ['dev'],
    auth: 'none',
    body: z.object({ from: z.string().min(3).max(32), to: z.string().min(3).max(32), body: z.string().min(1).max(1600) }),
    handler: async (req) => {
      const c = local();
      const from = normalizePhone(req.body.from);
      const to = normalizePhone(req.body.to);
      if (!from) throw badRequest('from: Please enter a valid phone number.', 'from');
      if (!to) throw badRequest('to: Please enter a valid phone number.', 'to');
      if (!(await s.numbers.isOurs(to))) throw notFound('No organization has that number.');
      const rec = await c.receive({ from, to, body: req.body.body });
      return { success: true as const, message: rec };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/dev/carrier/sent',
    summary: 'Simulated carrier: what it sent, newest first',
    tags: ['dev'],
    auth: 'none',
    query: z.object({
      to: z.string().max(32).optional(),
      number: z.string().max(32).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    response: carrierSentResponse,
    handler: async (req) => {
      const c = local();
      const n = req.query.to ?? req.query.number;
      const rows = await c.list('outbound', { number: n ? (normalizePhone(n) ?? n) : undefined, limit: req.query.limit });
      return {
        success: true as const,
        messages: rows.map((r) => ({ from: r.from, to: r.to, body: r.body, status: r.status, createdAt: r.createdAt })),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/dev/carrier/numbers',
    summary: 'Simulated carrier: numbers given to organizations',
    tags: ['dev'],
    auth: 'none',
    response: carrierNumbersResponse,
    handler: async () => {
      local();
      return { success: true as const, numbers: await s.numbers.listWithAccounts() };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/dev/carrier/dial',
    summary: 'Simulated carrier: a phone dials a forwarding code (*72…, **21*…#, *71…, *73, ##004#)',
    tags: ['dev'],
    auth: 'none',
    body: z.object({ from: z.string().min(3).max(32), digits: z.string().min(2).max(40) }),
    handler: async (req) => {
      const c = local();
      const from = normalizePhone(req.body.from);
      if (!from) throw badRequest('from: Please enter a valid phone number.', 'from');
      const effect = await c.desk.dial(from, req.body.digits);
      if (!effect) throw badRequest('digits: not a forwarding code this carrier knows', 'digits');
      return { success: true as const, forwarding: effect.kind === 'enable' ? { mode: effect.mode, target: effect.target } : null };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/dev/carrier/calls',
    summary: 'Simulated carrier: its call ledger (spoken codes, test calls and where they were forwarded), newest first',
    tags: ['dev'],
    auth: 'none',
    query: z.object({ to: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: carrierCallsResponse,
    handler: async (req) => {
      const c = local();
      const to = req.query.to ? (normalizePhone(req.query.to) ?? req.query.to) : undefined;
      return { success: true as const, calls: await c.desk.calls(to, req.query.limit) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/dev/carrier/numbers/sell',
    summary: "Simulated carrier: another of the carrier's customers buys a number (to see a purchase lost between search and buy)",
    tags: ['dev'],
    auth: 'none',
    body: z.object({ number: z.string().min(3).max(32) }),
    handler: async (req) => {
      const c = local();
      const n = normalizePhone(req.body.number);
      if (!n) throw badRequest('number: Please enter a valid phone number.', 'number');
      await c.desk.buy(n, ELSEWHERE, { voiceUrl: null, smsUrl: null }).catch(() => {
        throw conflict('That number is not for sale.', 'number');
      });
      return { success: true as const };
    },
  });

  // Twilio webhooks: form-encoded and signed with X-Twilio-Signature.
  app.register(async (twilio) => {
    twilio.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const verified = (req: { url: string; headers: Record<string, unknown>; body: unknown }) => {
      if (!(carrier instanceof TwilioCarrier)) throw notFound('Twilio is not configured.');
      const params = (req.body ?? {}) as Record<string, string>;
      const url = `${s.deps.config.publicUrl}${req.url}`;
      if (!verifyTwilioSignature(carrier.authToken, url, params, req.headers['x-twilio-signature'] as string | undefined)) {
        throw forbidden('Invalid Twilio signature.');
      }
      return { carrier, params };
    };
    const twiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

    route(twilio, {
      method: 'POST',
      url: '/api/v1/carrier/twilio/sms',
      summary: 'Twilio inbound SMS webhook',
      tags: ['carrier'],
      auth: 'none',
      handler: async (req, reply) => {
        const { carrier: c, params } = verified(req as never);
        if (!params.MessageSid || !params.From || !params.To) throw badRequest('MessageSid, From and To are required.');
        const media = Array.from({ length: Number(params.NumMedia ?? 0) }, (_, i) => params[`MediaUrl${i}`]).filter(
          (u): u is string => !!u,
        );
        // A replayed webhook names the same MessageSid: stored once (the message's idempotency key).
        await c.handlers?.onInbound({ sid: params.MessageSid, from: params.From, to: params.To, body: params.Body ?? '', media });
        return reply.header('content-type', 'text/xml').send(twiml);
      },
    });

    route(twilio, {
      method: 'POST',
      url: '/api/v1/carrier/twilio/status',
      summary: 'Twilio message status callback',
      tags: ['carrier'],
      auth: 'none',
      handler: async (req, reply) => {
        const { carrier: c, params } = verified(req as never);
        const st = params.MessageStatus ?? params.SmsStatus;
        if (!params.MessageSid || !st) throw badRequest('MessageSid and MessageStatus are required.');
        const status =
          st === 'delivered'
            ? 'delivered'
            : st === 'undelivered'
              ? 'undelivered'
              : st === 'failed'
                ? 'failed'
                : st === 'sent'
                  ? 'sent'
                  : null;
        if (status)
          await c.handlers?.onStatus({
            sid: params.MessageSid,
            status,
            error: params.ErrorCode ? `Twilio error ${params.ErrorCode}` : null,
          });
        return reply.header('content-type', 'text/xml').send(twiml);
      },
    });
  });
}
