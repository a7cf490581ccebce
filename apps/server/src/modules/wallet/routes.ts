import {
  checkoutCreditBody,
  checkoutResponse,
  checkoutStatusResponse,
  exchangeRatesResponse,
  INVOICE_UNITS,
  invoiceResponse,
  lightningPayResponse,
  pendingInvoiceResponse,
  provedInvoiceResponse,
  recentTransactionsResponse,
  refundResponse,
  usdAmount,
  validateInvoiceResponse,
} from '@switchboard/core/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { badRequest, forbidden, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import { SIGNATURE_HEADER, WebhookError } from '../../platform/providers/payments/index.ts';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { LocalLightningNode } from '../../platform/providers/lightning/local.ts';
import type { Services } from '../../services.ts';
import { checkoutPage, notFoundPage, portalPage } from './pages.ts';
import { payoutRoutes } from './payoutRoutes.ts';
import { payLinkRoutes } from './paylinkRoutes.ts';

const BILLING_TYPES = ['organization', 'reseller', 'partner'] as const;
const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters');
const bolt11Text = z.string().min(10, 'is too short').max(2000, 'is too long');
/**
 * Creating invoices and checkouts on a pay link needs no sign-in, so it is limited per client IP (each
 * opens a session with the processor or the node); the owner's own top-ups (no slug) are not counted.
 */
export const PAY_LINK_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  allowList: (req: { body?: unknown }) => !(req.body as { slug?: unknown } | undefined)?.slug,
};

/** A pay link's slug: the username of the account paid. */
const slug = z.string().trim().min(1, 'is required').max(100, 'is too long').optional();

/** Spec §7 Wallet, the payment webhook, and the local processor's and node's own pages. */
export function walletRoutes(app: FastifyInstance, s: Services): void {
  const w = s.wallet;
  const tags = ['wallet'];
  payoutRoutes(app, s);
  payLinkRoutes(app, s);
  const actingTypes = [...BILLING_TYPES];

  route(app, {
    method: 'GET',
    url: '/api/v1/recentTransactions',
    summary: "The wallet's balance and recent transactions",
    tags,
    actingTypes,
    query: withAuthParams({}),
    response: recentTransactionsResponse,
    handler: async (req) => w.recentTransactions(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/exchangeRates',
    summary: 'The satoshi price in USD (cached 900 s; 0.00043 when the source fails)',
    tags,
    query: withAuthParams({}),
    response: exchangeRatesResponse,
    handler: async (req) => w.exchangeRates(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/checkout/vidaCredit',
    summary: "Open a card checkout that adds funds to the wallet (with slug: anyone pays that account's pay link)",
    tags,
    actingTypes,
    auth: 'optional',
    rateLimit: PAY_LINK_RATE_LIMIT,
    body: withAuthParams({ ...checkoutCreditBody, slug }),
    response: checkoutResponse,
    handler: async (req) => {
      if (req.body.slug) return w.checkoutCredit(req.auth ?? null, req.body, (await w.payLinks.payable(req.body.slug)).id);
      return w.checkoutCredit(authOf(req), req.body);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/checkout/status',
    summary: 'What became of a checkout (the payment result pages show it)',
    tags,
    actingTypes,
    query: withAuthParams({ sessionId: z.string().min(1).max(80) }),
    response: checkoutStatusResponse,
    handler: async (req) => w.checkoutStatus(authOf(req), req.query.sessionId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/requestInvoice',
    summary: "A Lightning invoice (BOLT11) that adds funds to the wallet (with slug: anyone pays that account's pay link)",
    tags,
    actingTypes,
    auth: 'optional',
    rateLimit: PAY_LINK_RATE_LIMIT,
    body: withAuthParams({
      amount: usdAmount.optional(),
      unit: z.enum(INVOICE_UNITS, { error: 'must be USD, SAT or MSAT' }).default('USD'),
      slug,
    }),
    response: invoiceResponse,
    handler: async (req) => {
      // A pay link has no amount of its own: the payer says how much (spec §7 names only the slug).
      if (req.body.amount === undefined)
        throw badRequest('amount: is required (how much to pay, in the unit given; USD by default)', 'amount');
      const body = { ...req.body, amount: req.body.amount };
      if (body.slug)
        return {
          success: true as const,
          invoice: (await w.invoiceFor((await w.payLinks.payable(body.slug)).id, body, true)).invoice,
        };
      return w.requestInvoice(authOf(req), body);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/pendingInvoice',
    summary: 'The Lightning invoice waiting to be paid, or null',
    tags,
    actingTypes,
    query: withAuthParams({}),
    response: pendingInvoiceResponse,
    handler: async (req) => w.pendingInvoice(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/provePendingInvoicePaid',
    summary: 'Prove a Lightning invoice paid with its preimage (credits the wallet once)',
    tags,
    actingTypes,
    body: withAuthParams({ preimage: hex64, invoice: bolt11Text }),
    response: provedInvoiceResponse,
    handler: async (req) => w.provePendingInvoicePaid(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/resetPendingInvoice',
    summary: 'Cancel the Lightning invoice waiting to be paid',
    tags,
    actingTypes,
    body: withAuthParams({}),
    response: ok,
    handler: async (req) => w.resetPendingInvoice(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/validateInvoice',
    summary: 'Decode a BOLT11 invoice and check its signature and expiry',
    tags,
    query: withAuthParams({ invoice: bolt11Text }),
    response: validateInvoiceResponse,
    handler: async (req) => w.validateInvoice(authOf(req), req.query.invoice),
  });

  route(app, {
    method: 'POST',
    url: '/internal/issueRefundToUser',
    summary: "Super admin: refund into a user's wallet (usdAmount or satsAmount)",
    tags: ['admin'],
    auth: 'superAdmin',
    body: withAuthParams({
      username: z.string().trim().min(1, 'is required').max(100, 'is too long'),
      usdAmount: usdAmount.optional(),
      satsAmount: z
        .number()
        .int('must be a whole number of sats')
        .min(1)
        .max(Number.MAX_SAFE_INTEGER / 1000)
        .optional(),
      idempotencyKey: z.string().min(1).max(100).optional(),
    }),
    response: refundResponse,
    handler: async (req) => w.refund(authOf(req), req.body),
  });

  // The payment processor's webhook: the raw body is what the signature covers.
  app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(hook, {
      method: 'POST',
      url: '/api/v1/payments/webhook',
      summary: 'Payment processor webhook (signed; each event handled once)',
      tags,
      auth: 'none',
      response: z.object({ success: z.literal(true), handled: z.boolean() }),
      handler: async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers[w.payments.signatureHeader];
        let event;
        try {
          event = await w.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          if (err instanceof WebhookError) throw forbidden(err.message);
          throw err;
        }
        return { success: true as const, ...(await w.handlePaymentEvent(event)) };
      },
    });
  });

  const payments = w.payments;
  if (payments instanceof LocalPayments) {
    // The local processor delivers its webhooks to the route above, through the HTTP stack.
    payments.onWebhook(async (body, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
    });
    app.register(async (pages) => {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
      const params = z.object({ id: z.string().min(1).max(80) });
      route(pages, {
        method: 'GET',
        url: '/pay/checkout/:id',
        summary: 'Local checkout page',
        tags: ['pay'],
        auth: 'none',
        params,
        handler: async (req, reply) => {
          const session = await payments.session(req.params.id);
          reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
          if (!session) return reply.status(404).send(notFoundPage());
          // The page's forms redirect to the checkout's return pages, which may be on another origin.
          const origins = [session.success_url, session.cancel_url].map((u) => new URL(u).origin).join(' ');
          const csp = String(reply.getHeader('content-security-policy') ?? '');
          reply.header('content-security-policy', csp.replace(/form-action [^;]*/, `form-action 'self' ${origins}`));
          return reply.send(checkoutPage({ ...session, expired: session.expires_at <= Date.now() }));
        },
      });
      for (const outcome of ['pay', 'cancel'] as const) {
        route(pages, {
          method: 'POST',
          url: `/pay/checkout/:id/${outcome}`,
          summary: `Local checkout: ${outcome}`,
          tags: ['pay'],
          auth: 'none',
          params,
          handler: async (req, reply) => {
            const result = await payments.settle(req.params.id, outcome === 'pay' ? 'paid' : 'canceled');
            if (!result) throw notFound('Checkout not found.');
            return reply.redirect(result.redirect, 303);
          },
        });
      }
      route(pages, {
        method: 'GET',
        url: '/pay/portal',
        summary: 'Local billing portal',
        tags: ['pay'],
        auth: 'none',
        query: z.object({
          customer: z.string().max(40).optional(),
          return: z.string().max(2000).optional(),
          exp: z.string().max(20).optional(),
          sig: z.string().max(128).optional(),
        }),
        handler: async (req, reply) => {
          const customer = await payments.portalCustomer(req.query);
          if (!customer) throw forbidden('This billing portal link is invalid or expired.');
          const lines = await w.portal(Number(customer));
          return reply
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(portalPage({ customer: lines.name, returnUrl: req.query.return!, lines: lines.lines }));
        },
      });
    });
  }

  // The local Lightning node's payer: pays one of its invoices and hands back the preimage.
  route(app, {
    method: 'POST',
    url: '/api/dev/lightning/pay',
    summary: 'Local Lightning payer: pay an invoice of the local node',
    tags: ['dev'],
    auth: 'none',
    body: z.object({ invoice: bolt11Text }),
    response: lightningPayResponse,
    handler: async (req) => {
      const node = w.lightning;
      if (!(node instanceof LocalLightningNode)) throw notFound('The local Lightning node is not active.');
      const paid = await node.pay(req.body.invoice);
      if ('error' in paid) throw ruleBroken(paid.error, 'invoice');
      return { success: true as const, ...paid };
    },
  });
}
