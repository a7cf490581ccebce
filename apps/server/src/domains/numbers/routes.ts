import { DEFAULT_COUNTRY } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf, requirePermission } from '../../http/auth.ts';
import { badRequest, conflict, forbidden, notFound, ruleBroken } from '../../http/errors.ts';
import { route, withAuthParams } from '../../http/route.ts';
import { LocalCarrier } from '../../providers/carrier/local.ts';
import { TwilioCarrier, verifyTwilioSignature } from '../../providers/carrier/twilio.ts';
import type { Services } from '../../services.ts';
import { normalizePhone } from '../conversations/service.ts';

/**
 * Numbers in their simplest form: an organization takes one number from the carrier (the simulated
 * carrier's pool, next free when none is named). The numbers issue adds search, BYO numbers and SIP.
 */
export function numberRoutes(app: FastifyInstance, s: Services): void {
  const db = s.deps.db;
  const carrier = s.deps.carrier;

  route(app, {
    method: 'POST',
    url: '/api/v2/phoneNumber/assign',
    summary: "Give the organization a phone number (next free one of the pool when none is named)",
    tags: ['numbers'],
    actingTypes: ['organization'],
    body: withAuthParams({ number: z.string().max(32).optional(), country: z.string().length(2).default(DEFAULT_COUNTRY) }),
    handler: async (req) => {
      const ctx = authOf(req);
      requirePermission(ctx, 'canEditOrg');
      const country = req.body.country.toUpperCase();
      const existing = await db.selectFrom('phone_numbers').selectAll().where('account_id', '=', ctx.acting.id).executeTakeFirst();
      if (existing) throw conflict(`This organization already has the number ${existing.number}.`, 'number');
      const pool = carrier.pool(country);
      let number: string | null;
      if (req.body.number) {
        number = normalizePhone(req.body.number, country);
        if (!number) throw badRequest('Please enter a valid phone number.', 'number');
        if (carrier.kind === 'local' && !pool.includes(number)) throw ruleBroken('That number is not available.', 'number');
      } else {
        if (pool.length === 0) throw ruleBroken(`No numbers are available in ${country}.`, 'country');
        const taken = new Set(
          (await db.selectFrom('phone_numbers').select('number').where('number', 'in', pool).execute()).map((r) => r.number),
        );
        number = pool.find((n) => !taken.has(n)) ?? null;
        if (!number) throw ruleBroken(`No numbers are available in ${country}.`, 'country');
      }
      const row = await db
        .insertInto('phone_numbers')
        .values({ number, country, account_id: ctx.acting.id, provider: carrier.kind, sms_enabled: 1, created_at: Date.now() })
        .onConflict((oc) => oc.column('number').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict('That number is already taken.', 'number');
      await db.updateTable('accounts').set({ vida_phone_number: number, sms_enabled: 1, updated_at: Date.now() }).where('id', '=', ctx.acting.id).execute();
      return { success: true as const, number, phoneNumber: { number, country, smsEnabled: true, provider: carrier.kind } };
    },
  });

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
      const known = await db.selectFrom('phone_numbers').select('id').where('number', '=', to).executeTakeFirst();
      if (!known) throw notFound('No organization has that number.');
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
    query: z.object({ to: z.string().max(32).optional(), number: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
    handler: async (req) => {
      const c = local();
      const n = req.query.to ?? req.query.number;
      const rows = await c.list('outbound', { number: n ? (normalizePhone(n) ?? n) : undefined, limit: req.query.limit });
      return { success: true as const, messages: rows.map((r) => ({ from: r.from, to: r.to, body: r.body, status: r.status, createdAt: r.createdAt })) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/dev/carrier/numbers',
    summary: 'Simulated carrier: numbers given to organizations',
    tags: ['dev'],
    auth: 'none',
    handler: async () => {
      local();
      const rows = await db
        .selectFrom('phone_numbers')
        .innerJoin('accounts', 'accounts.id', 'phone_numbers.account_id')
        .select(['phone_numbers.number', 'accounts.username', 'accounts.account_name'])
        .orderBy('phone_numbers.id')
        .limit(200)
        .execute();
      return { success: true as const, numbers: rows.map((r) => ({ number: r.number, username: r.username, name: r.account_name })) };
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
        const media = Array.from({ length: Number(params.NumMedia ?? 0) }, (_, i) => params[`MediaUrl${i}`]).filter((u): u is string => !!u);
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
        const status = st === 'delivered' ? 'delivered' : st === 'undelivered' ? 'undelivered' : st === 'failed' ? 'failed' : st === 'sent' ? 'sent' : null;
        if (status) await c.handlers?.onStatus({ sid: params.MessageSid, status, error: params.ErrorCode ? `Twilio error ${params.ErrorCode}` : null });
        return reply.header('content-type', 'text/xml').send(twiml);
      },
    });
  });
}
