import {
  cancelQuery,
  currentPlanResponse,
  offerPlanBody,
  offeredPlanResponse,
  planBody,
  portalLinkBody,
  portalLinkResponse,
  productCatalogResponse,
  productPlanResponse,
  subscribeBody,
  subscribeResponse,
} from '@switchboard/core/contracts/billing';
import { idParam } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const actingTypes = ['organization', 'reseller', 'partner'] as ('organization' | 'reseller' | 'partner')[];

/** Spec §7 Billing. */
export function billingRoutes(app: FastifyInstance, s: Services): void {
  const b = s.billing;
  const tags = ['billing'];
  const reads = [
    ['productCatalog', 'Plans this organization can subscribe to', productCatalogResponse, () => b.productCatalog],
    ['currentPlan', "The organization's plan and subscription", currentPlanResponse, () => b.currentPlan],
    ['offeredPlan', 'The plan its partner or reseller offers it', offeredPlanResponse, () => b.offeredPlan],
    ['allAvailablePlans', 'The catalog and the offered plan', productCatalogResponse, () => b.allAvailablePlans],
  ] as const;
  for (const [name, summary, response, method] of reads) {
    route(app, {
      method: 'GET',
      url: `/api/v2/product/${name}`,
      summary,
      tags,
      actingTypes,
      query: withAuthParams({}),
      response,
      handler: async (req) => method()(authOf(req)),
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/v2/product/productCatalog/:id',
    summary: 'One plan of the catalog',
    tags,
    actingTypes,
    params: z.object({ id: idParam }),
    query: withAuthParams({}),
    response: productPlanResponse,
    handler: async (req) => b.productPlan(authOf(req), req.params.id),
  });

  // Plans partners and resellers define and offer to their organizations.
  const consoles = ['partner', 'reseller'] as ('partner' | 'reseller')[];
  route(app, {
    method: 'GET',
    url: '/api/v2/product/myPlans',
    summary: 'Plans this partner or reseller defined',
    tags,
    actingTypes: consoles,
    query: withAuthParams({}),
    response: productCatalogResponse,
    handler: async (req) => b.myPlans(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/product/plans',
    summary: 'Define a plan (product items with pricing tiers) for the organizations below',
    tags,
    actingTypes: consoles,
    body: withAuthParams(planBody),
    response: productPlanResponse,
    handler: async (req) => b.createPlan(authOf(req), req.body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/v2/product/plans/:id',
    summary: 'Change a plan this partner or reseller defined',
    tags,
    actingTypes: consoles,
    params: z.object({ id: idParam }),
    body: withAuthParams(planBody),
    response: productPlanResponse,
    handler: async (req) => b.updatePlan(authOf(req), req.params.id, req.body),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/product/offerPlan',
    summary: 'Offer a plan to an organization below',
    tags,
    actingTypes: consoles,
    body: withAuthParams(offerPlanBody),
    response: productPlanResponse,
    handler: async (req) => b.offerPlan(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/product/subscribe',
    summary: 'Subscribe to a plan through a card checkout',
    tags,
    actingTypes,
    body: withAuthParams(subscribeBody),
    response: subscribeResponse,
    handler: async (req) => b.subscribe(authOf(req), req.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v1/vidaPro/cancel',
    summary: 'Cancel the subscription with a reason',
    tags,
    actingTypes,
    query: withAuthParams(cancelQuery),
    response: ok,
    handler: async (req) => b.cancel(authOf(req), req.query),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/getBillingCustomerPortalLink',
    summary: 'A link to the billing portal, returning to redirectUrl',
    tags,
    actingTypes,
    body: withAuthParams(portalLinkBody),
    response: portalLinkResponse,
    handler: async (req) => b.portalLink(authOf(req), req.body.redirectUrl),
  });
}
