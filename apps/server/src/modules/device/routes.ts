import {
  appIdentityBody,
  appIdentityQuery,
  appIdentityResponse,
  devicesResponse,
  pushConfigQuery,
  pushConfigResponse,
  pushPreferenceBody,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  formBody,
  formResponse,
} from '@switchboard/core/contracts/device';
import { authQuery, idParam } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perUser, route } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { FormsService } from './forms.ts';
import type { DeviceService } from './service.ts';

const tags = ['device'];

export function deviceRoutes(app: FastifyInstance, device: DeviceService, forms: FormsService, rateLimit: number) {
  // The web app manifest of the host's brand (linked from index.html).
  route(app, {
    method: 'GET',
    url: '/manifest.webmanifest',
    summary: 'The web app manifest of this host’s brand; `account`: an organization inside it with an app identity of its own',
    tags,
    auth: 'none',
    query: z.object({ account: idParam.optional() }),
    handler: async (req, reply) => {
      const manifest = device.manifest(await device.appFor(req.hostname, req.query.account));
      return reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(manifest));
    },
  });

  // The brand's app identity: `orgApp` edits an organization's, `resellerApp` a reseller's or partner's.
  for (const [url, actingTypes] of [
    ['/api/v2/orgApp', ['organization']],
    ['/api/v2/resellerApp', ['reseller', 'partner']],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary: 'The acting account’s app identity (name, icon, theme colour, store links, form addresses)',
      tags,
      actingTypes: [...actingTypes],
      query: appIdentityQuery,
      response: appIdentityResponse,
      handler: (req) => device.identity(authOf(req)),
    });
    route(app, {
      method: 'POST',
      url,
      summary: 'Saves the acting account’s app identity (fields left out keep their value; null clears one)',
      tags,
      actingTypes: [...actingTypes],
      body: appIdentityBody,
      response: appIdentityResponse,
      handler: (req) => device.saveIdentity(authOf(req), req.body),
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/v1/devices',
    summary: 'The signed-in user’s devices, from their check-ins, with whether each gets pushes',
    tags,
    query: authQuery,
    response: devicesResponse,
    handler: (req) => device.devices(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/push',
    summary: 'The VAPID public key and whether the user gets a push for new conversations of the acting inbox',
    tags,
    query: pushConfigQuery,
    response: pushConfigResponse,
    handler: (req) => device.pushConfig(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/push/preferences',
    summary: 'Turns pushes for new conversations of the acting inbox on or off for the signed-in user',
    tags,
    body: pushPreferenceBody,
    response: pushConfigResponse,
    handler: (req) => device.setPreference(authOf(req), req.body.newConversations),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/push/subscription',
    summary: 'Stores this device’s Web Push subscription (replaces the device’s earlier one)',
    tags,
    body: pushSubscriptionBody,
    response: devicesResponse,
    handler: (req) => device.subscribe(authOf(req), req.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v1/push/subscription',
    summary: 'Stops pushes to one of the signed-in user’s devices',
    tags,
    body: pushUnsubscribeBody,
    response: devicesResponse,
    handler: (req) => device.unsubscribe(authOf(req), req.body.deviceId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/form',
    summary: 'Sends a feedback or contact-sales form to where this host’s brand says (signed in or not)',
    tags,
    auth: 'optional',
    body: formBody,
    response: formResponse,
    rateLimit: { max: Math.max(5, Math.floor(rateLimit / 20)), timeWindow: '1 minute', keyGenerator: perUser },
    handler: (req) => {
      const key = req.headers['idempotency-key'];
      return forms.submit(req.auth, req.hostname, req.body, typeof key === 'string' ? key.slice(0, 100) : undefined);
    },
  });
}
