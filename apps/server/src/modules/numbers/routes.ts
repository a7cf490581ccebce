import { DEFAULT_COUNTRY } from '@switchboard/core';
import {
  assignNumberResponse,
  byoAssignResponse,
  forwardingInstructionsResponse,
  numberSearchResponse,
  phoneNumberResponse,
  phoneNumbersResponse,
  verifyForwardingResponse,
} from '@switchboard/core/contracts/numbers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { authOf } from '../auth/index.ts';
import { carrierRoutes } from './carrierRoutes.ts';

const number = z.string().min(3).max(32);
const country = z.string().length(2).default(DEFAULT_COUNTRY);
const place = z.string().trim().max(80).optional();
const org = { tags: ['numbers'], actingTypes: ['organization' as const] };

/** Phone numbers: search, buy, release, route; bring your own; forwarding. */
export function numberRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/search/local/prefix',
    summary: 'Numbers for sale by area code or first digits (strict: only that prefix; else also nearby in the same region)',
    body: withAuthParams({ prefix: z.string().trim().min(1).max(16), country, strict: z.boolean().default(false) }),
    response: numberSearchResponse,
    handler: async (req) => {
      await s.deps.requireAccess(authOf(req), 'canViewOrg');
      return s.numbers.byPrefix(req.body);
    },
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/search/local/locality',
    summary: 'Numbers for sale in a city and/or region (state or province code)',
    body: withAuthParams({ city: place, region: place, country }),
    response: numberSearchResponse,
    handler: async (req) => {
      await s.deps.requireAccess(authOf(req), 'canViewOrg');
      return s.numbers.byLocality(req.body);
    },
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/search/local/phrase',
    summary: 'Vanity numbers: numbers whose digits spell the phrase on a phone keypad',
    body: withAuthParams({ phrase: z.string().trim().min(2).max(20), city: place, region: place, country }),
    response: numberSearchResponse,
    handler: async (req) => {
      await s.deps.requireAccess(authOf(req), 'canViewOrg');
      return s.numbers.byPhrase(req.body);
    },
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/assign',
    summary: 'Buy a number for the organization (the next free one of the pool when none is named)',
    body: withAuthParams({ number: z.string().max(32).optional(), country }),
    response: assignNumberResponse,
    handler: async (req) => s.numbers.assign(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'GET',
    url: '/api/v2/phoneNumbers',
    summary: "The organization's numbers with the agent that answers each",
    query: withAuthParams({}),
    response: phoneNumbersResponse,
    handler: async (req) => s.numbers.list(authOf(req)),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/release',
    summary: 'Give a number back to the carrier (a brought number just leaves)',
    body: withAuthParams({ number }),
    response: phoneNumberResponse,
    handler: async (req) => s.numbers.release(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/route',
    summary: 'Choose the agent that answers a number (null: the organization) and whether it takes texts',
    body: withAuthParams({ number, agentId: z.number().int().positive().nullable().optional(), smsEnabled: z.boolean().optional() }),
    response: phoneNumberResponse,
    handler: async (req) => s.numbers.route(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/byo/assign',
    summary: 'Bring your own number: sends a verification code to it by SMS or by a call that speaks it',
    body: withAuthParams({ number, method: z.enum(['sms', 'call']).default('sms') }),
    response: byoAssignResponse,
    handler: async (req) => s.numbers.byoAssign(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/byo/verify',
    summary: 'Prove a brought number with its code (five tries per code)',
    body: withAuthParams({
      number,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'six digits'),
    }),
    response: phoneNumberResponse,
    handler: async (req) => s.numbers.byoVerify(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v2/phoneNumber/byo/route',
    summary: 'Route a verified brought number: forwarding to one of our numbers, or over the SIP trunk',
    body: withAuthParams({ number, routing: z.enum(['forwarding', 'sip']), forwardTo: number.optional() }),
    response: phoneNumberResponse,
    handler: async (req) => s.numbers.byoRoute(authOf(req), req.body),
  });

  route(app, {
    ...org,
    method: 'GET',
    url: '/api/v1/forwardingInstructions',
    summary: "Call forwarding codes of US carriers with the agent's number filled in",
    query: withAuthParams({ carrier: z.string().max(20).optional(), number: number.optional() }),
    response: forwardingInstructionsResponse,
    handler: async (req) => s.numbers.forwardingInstructions(authOf(req), req.query),
  });

  route(app, {
    ...org,
    method: 'POST',
    url: '/api/v1/verifyCellForwarding',
    summary: "Calls the user's phone and watches whether the call is forwarded to the agent's number",
    body: withAuthParams({ phoneNumber: number, number: number.optional() }),
    response: verifyForwardingResponse,
    handler: async (req) => s.numbers.verifyCellForwarding(authOf(req), req.body),
  });

  carrierRoutes(app, s);

  // Calls the simulated carrier delivers itself (forwarded test calls) arrive like any inbound call.
  s.deps.carrier.listenCalls?.(async (call) => {
    await s.calls.startInbound({ carrierSid: call.sid, from: call.from, to: call.to });
  });
}
