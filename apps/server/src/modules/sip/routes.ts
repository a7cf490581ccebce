import { idParam } from '@switchboard/core';
import {
  sipDeleteBody,
  sipRegistrationBody,
  sipRegistrationResponse,
  sipRegistrationsResponse,
  sipRouteBody,
  sipRouteResponse,
  sipRoutesResponse,
  sipWhitelistBody,
  sipWhitelistEntryResponse,
  sipWhitelistResponse,
} from '@switchboard/core/contracts/sip';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { SipService } from './service.ts';

const tags = ['sip'];
const actingTypes = ['organization', 'agent'] as const;
const deleteQuery = withAuthParams({ id: idParam.optional() });

/** The id of a DELETE: in the body or the query. */
function idOf(req: FastifyRequest<{ Body: { id?: number } | null | undefined; Querystring: { id?: number } }>): number {
  const id = req.body?.id ?? req.query.id;
  if (!id) throw badRequest('id: required', 'id');
  return id;
}

/** Spec §7 SIP: GET, POST, DELETE of /api/v2/sip/ipWhitelist, /outboundRoutes and /registration. */
export function sipRoutes(app: FastifyInstance, sip: SipService): void {
  route(app, {
    method: 'GET',
    url: '/api/v2/sip/ipWhitelist',
    summary: 'Addresses (IPv4 or CIDR) whose SIP calls the organization accepts',
    tags,
    actingTypes: [...actingTypes],
    query: withAuthParams({}),
    response: sipWhitelistResponse,
    handler: (req) => sip.whitelist(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/sip/ipWhitelist',
    summary: 'Adds an address or CIDR range (ip, label)',
    tags,
    actingTypes: [...actingTypes],
    body: sipWhitelistBody,
    response: sipWhitelistEntryResponse,
    handler: (req) => sip.addWhitelist(authOf(req), req.body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/v2/sip/ipWhitelist',
    summary: 'Removes a whitelist entry (id in the body or the query)',
    tags,
    actingTypes: [...actingTypes],
    query: deleteQuery,
    body: sipDeleteBody,
    response: ok,
    handler: (req) => sip.removeWhitelist(authOf(req), idOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/sip/outboundRoutes',
    summary: 'Outbound routes: dialled-number prefix → gateway (the longest prefix wins)',
    tags,
    actingTypes: [...actingTypes],
    query: withAuthParams({}),
    response: sipRoutesResponse,
    handler: (req) => sip.routes(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/sip/outboundRoutes',
    summary: 'Adds a route (prefix, gateway host[:port], transport, username, password; the password is stored encrypted)',
    tags,
    actingTypes: [...actingTypes],
    body: sipRouteBody,
    response: sipRouteResponse,
    handler: (req) => sip.addRoute(authOf(req), req.body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/v2/sip/outboundRoutes',
    summary: 'Removes a route (id in the body or the query)',
    tags,
    actingTypes: [...actingTypes],
    query: deleteQuery,
    body: sipDeleteBody,
    response: ok,
    handler: (req) => sip.removeRoute(authOf(req), idOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/sip/registration',
    summary: 'Registrations with their live state (ours to providers, PBXs to us) and our endpoint',
    tags,
    actingTypes: [...actingTypes],
    query: withAuthParams({}),
    response: sipRegistrationsResponse,
    handler: (req) => sip.registrations(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/sip/registration',
    summary: 'provider: register to a SIP provider with digest credentials; pbx: credentials a PBX registers to us with',
    tags,
    actingTypes: [...actingTypes],
    body: sipRegistrationBody,
    response: sipRegistrationResponse,
    handler: (req) => sip.addRegistration(authOf(req), req.body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/v2/sip/registration',
    summary: 'Removes a registration (a provider registration is withdrawn with Expires: 0)',
    tags,
    actingTypes: [...actingTypes],
    query: deleteQuery,
    body: sipDeleteBody,
    response: ok,
    handler: (req) => sip.removeRegistration(authOf(req), idOf(req)),
  });
}
