import {
  domainDefaultBody,
  domainLookupBody,
  domainLookupResponse,
  domainProfileQuery,
  domainProfileResponse,
  domainQuery,
  domainResponse,
  domainSaveBody,
  domainsQuery,
  domainsResponse,
} from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth/index.ts';
import { ok, route } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['brands'];
/** Brands belong to partners and resellers (and are managed for them by a partner above). */
const actingTypes = ['partner', 'reseller'] as ('partner' | 'reseller')[];

export function brandRoutes(app: FastifyInstance, s: Services) {
  route(app, {
    method: 'GET',
    url: '/api/v1/domain/profile',
    summary:
      'The brand shown on a host (default: the request’s host); the main brand on the product’s own hosts; 404 for an unknown domain',
    tags,
    auth: 'none',
    query: domainProfileQuery,
    response: domainProfileResponse,
    handler: async (req) => ({ success: true as const, profile: await s.brands.profileForHost(req.query.host ?? req.hostname) }),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/domain/lookup',
    summary: 'Whether a domain is free, and the brand using it',
    tags,
    auth: 'none',
    body: domainLookupBody,
    response: domainLookupResponse,
    handler: (req) => s.brands.lookup(req.body.domain),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/domains',
    summary: 'The acting partner’s or reseller’s domains (default first)',
    tags,
    actingTypes,
    query: domainsQuery,
    response: domainsResponse,
    handler: (req) => s.brands.list(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/domain',
    summary: 'One domain of the acting account (by id or domain); without either, its default domain',
    tags,
    actingTypes,
    query: domainQuery,
    response: domainResponse,
    handler: (req) => s.brands.get(authOf(req), req.query),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/domain',
    summary: 'Add a domain with its brand profile, or update one (id); the first domain becomes the default',
    tags,
    actingTypes,
    body: domainSaveBody,
    response: domainResponse,
    handler: (req) => s.brands.save(authOf(req), req.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/domain',
    summary: 'Remove a domain (id or domain)',
    tags,
    actingTypes,
    query: domainQuery,
    response: ok,
    handler: (req) => {
      const body = (req.body ?? {}) as { id?: unknown; domain?: unknown };
      const id = req.query.id ?? (body.id != null ? Number(body.id) : undefined);
      const domain = req.query.domain ?? (typeof body.domain === 'string' ? body.domain : undefined);
      return s.brands.remove(authOf(req), { id, domain });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/domain/default',
    summary: 'Make a domain the acting account’s default',
    tags,
    actingTypes,
    body: domainDefaultBody,
    response: domainResponse,
    handler: (req) => s.brands.setDefault(authOf(req), req.body),
  });
}
