import {
  connectAccountBody,
  connectAccountResponse,
  connectedAccountResponse,
  payoutResponse,
  payoutsResponse,
  paypalPayoutBody,
  PAYOUT_STATUSES,
  requestWithdrawalBody,
  transferFundsBody,
} from '@switchboard/core/contracts/payouts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import { LocalConnect } from '../../platform/providers/payouts/connect.ts';
import { LocalPayouts } from '../../platform/providers/payouts/local.ts';
import type { Services } from '../../services.ts';
import { authOf } from '../auth/index.ts';
import { connectPage, notFoundPage } from './pages.ts';

const actingTypes = ['organization', 'reseller', 'partner'] as const;

/** Spec §7 Wallet payouts: Lightning withdrawal, Stripe Connect, PayPal and Venmo; the local processor's pages. */
export function payoutRoutes(app: FastifyInstance, s: Services): void {
  const po = s.wallet.payouts;
  const tags = ['wallet'];
  const common = { tags, actingTypes: [...actingTypes], response: payoutResponse };

  route(app, {
    ...common,
    method: 'POST',
    url: '/api/v1/requestWithdrawal',
    summary: 'Withdraw to a Lightning invoice (its amount leaves the wallet)',
    body: withAuthParams(requestWithdrawalBody),
    handler: async (req) => po.requestWithdrawal(authOf(req), req.body),
  });
  for (const method of ['paypal', 'venmo'] as const) {
    route(app, {
      ...common,
      method: 'POST',
      url: `/api/v1/payout/paypal/${method}`,
      summary: `Withdraw to ${method === 'paypal' ? 'PayPal' : 'Venmo'}`,
      body: withAuthParams(paypalPayoutBody),
      handler: async (req) => po.paypal(authOf(req), method, req.body),
    });
  }
  route(app, {
    ...common,
    method: 'POST',
    url: '/api/v1/payout/stripe/transferFunds',
    summary: 'Withdraw to the connected Stripe account',
    body: withAuthParams(transferFundsBody),
    handler: async (req) => po.transferFunds(authOf(req), req.body),
  });
  route(app, {
    method: 'GET',
    url: '/api/v1/payout/stripe/checkConnectedAccount',
    summary: 'Whether a Stripe account is connected for payouts',
    tags,
    actingTypes: [...actingTypes],
    query: withAuthParams({}),
    response: connectedAccountResponse,
    handler: async (req) => po.checkConnectedAccount(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v1/payout/stripe/connectAccount',
    summary: 'Start (or resume) connecting a Stripe account for payouts',
    tags,
    actingTypes: [...actingTypes],
    body: withAuthParams(connectAccountBody),
    response: connectAccountResponse,
    handler: async (req) => po.connectAccount(authOf(req), req.body),
  });
  route(app, {
    method: 'GET',
    url: '/api/v1/payouts',
    summary: "The wallet's withdrawals and their states",
    tags,
    actingTypes: [...actingTypes],
    query: withAuthParams({}),
    response: payoutsResponse,
    handler: async (req) => po.listPayouts(authOf(req)),
  });

  const { processors, connect } = s.wallet.payoutProviders;
  const local = Object.values(processors).find((p): p is LocalPayouts => p instanceof LocalPayouts);
  if (local) {
    // The local processor's stand-in for the receiving bank (dev tools): moves a payout on.
    route(app, {
      method: 'POST',
      url: '/api/dev/payouts/settle',
      summary: 'Local payout processor: mark a payout paid, failed or returned',
      tags: ['dev'],
      auth: 'none',
      body: z.object({
        payoutId: z.string().min(1).max(60),
        status: z.enum(PAYOUT_STATUSES.filter((x) => x !== 'pending') as ['paid', 'failed', 'returned']),
      }),
      response: z.object({ success: z.literal(true), moved: z.boolean() }),
      handler: async (req) => {
        const ref = await po.localRef(req.body.payoutId);
        if (!ref) throw notFound('Payout not found.');
        return {
          success: true as const,
          moved: await local.settle(ref, req.body.status, req.body.status === 'paid' ? undefined : `Local processor: ${req.body.status}`),
        };
      },
    });
  }
  if (connect instanceof LocalConnect) {
    app.register(async (pages) => {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
      const params = z.object({ id: z.string().min(1).max(80) });
      route(pages, {
        method: 'GET',
        url: '/pay/connect/:id',
        summary: 'Local Connect onboarding page',
        tags: ['pay'],
        auth: 'none',
        params,
        handler: async (req, reply) => {
          const state = await connect.page(req.params.id);
          reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
          if (!state?.successUrl || !state.failureUrl) return reply.status(404).send(notFoundPage());
          const origins = [state.successUrl, state.failureUrl].map((u) => new URL(u).origin).join(' ');
          const csp = String(reply.getHeader('content-security-policy') ?? '');
          reply.header('content-security-policy', csp.replace(/form-action [^;]*/, `form-action 'self' ${origins}`));
          return reply.send(connectPage({ id: req.params.id, ready: state.ready }));
        },
      });
      for (const outcome of ['finish', 'abandon'] as const) {
        route(pages, {
          method: 'POST',
          url: `/pay/connect/:id/${outcome}`,
          summary: `Local Connect onboarding: ${outcome}`,
          tags: ['pay'],
          auth: 'none',
          params,
          handler: async (req, reply) => {
            const to = await connect.finish(req.params.id, outcome === 'finish');
            if (!to) throw notFound('Connected account not found.');
            return reply.redirect(to, 303);
          },
        });
      }
    });
  }
}
