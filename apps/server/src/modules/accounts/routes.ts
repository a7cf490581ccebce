import {
  account,
  accountListItem,
  AVATAR_MAX_BYTES,
  idParam,
  listQuery,
  listResponse,
  organizationFilter,
  permissionSet,
  USER_AGENT_MAX_LENGTH,
} from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import { fileHeaders, readUpload } from '../../platform/http/uploads.ts';
import type { Services } from '../../services.ts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/index.ts';
import type { membershipsOfUser } from '../admins/index.ts';

const tags = ['accounts'];
export const accountResponse = account.extend({
  success: z.literal(true),
  permissions: permissionSet,
  user: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    accountType: z.string(),
    tempUser: z.boolean(),
    superAdmin: z.boolean(),
  }),
});
const created = z.looseObject({ success: z.literal(true), id: z.number() });
const name = z.string().trim().min(1, 'Please enter a name.').max(120);

/** What the routes use of modules above accounts: auth's caller, admins' grants (wired in app.ts). */
export interface AccountRoutePorts {
  authOf: (req: FastifyRequest) => AuthContext;
  membershipsOfUser: typeof membershipsOfUser;
}

export function accountRoutes(app: FastifyInstance, s: Services, { authOf, membershipsOfUser }: AccountRoutePorts) {
  const { db } = s.deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/account',
    summary: 'The acting account',
    tags,
    response: accountResponse,
    handler: async (req) => {
      const ctx = authOf(req);
      return s.accounts.view(ctx, ctx.acting);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/account',
    summary: 'Update the acting account’s names and details',
    tags,
    body: withAuthParams({
      name: z.string().max(120).optional(),
      accountName: z.string().max(120).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    response: accountResponse,
    handler: (req) => s.accounts.update(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accountSetting',
    summary: 'Merge settings into the acting account',
    tags,
    body: withAuthParams({ settings: z.record(z.string(), z.unknown()) }),
    handler: (req) => s.accounts.saveSettings(authOf(req), req.body.settings),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/account/socialLinks',
    summary: 'Replace the social links',
    tags,
    body: withAuthParams({
      socialLinks: z.array(z.object({ type: z.string().min(1).max(40), url: z.string().min(1).max(2000) })).max(30),
      socialLinksPosition: z.enum(['top', 'bottom']).optional(),
    }),
    response: accountResponse,
    handler: (req) => s.accounts.saveSocialLinks(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/profile/dp',
    summary: 'Upload the profile image (multipart field "file")',
    tags,
    upload: 'file',
    handler: async (req) => {
      const { data } = await readUpload(req, { maxBytes: AVATAR_MAX_BYTES, tooLarge: 'file: images may be at most 5 MB' });
      return s.accounts.saveAvatar(authOf(req), data);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/updateUsername',
    summary: 'Change the acting account’s username',
    tags,
    body: withAuthParams({ targetUsername: z.string().min(1, 'Please enter a username.').max(64) }),
    response: accountResponse,
    handler: (req) => s.accounts.updateUsername(authOf(req), req.body.targetUsername),
  });

  const childBody = withAuthParams({
    name,
    email: z.email('Please enter a valid e-mail address.').optional(),
    redirectUrl: z.string().max(2000).optional(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/createReseller',
    summary: 'Create a reseller under the acting partner',
    tags,
    actingTypes: ['partner'],
    body: childBody,
    response: created,
    handler: (req) => s.accounts.createReseller(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/createOrganization',
    summary: 'Create an organization under the acting partner or reseller (or resellerId)',
    tags,
    actingTypes: ['partner', 'reseller'],
    body: childBody.extend({ resellerId: idParam.optional() }),
    response: created,
    handler: (req) => s.accounts.createOrganization(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/createAccount',
    summary: 'Create an agent account under the acting organization',
    tags,
    actingTypes: ['organization'],
    body: childBody.extend({ name: z.string().trim().max(120).default(''), accountName: z.string().trim().max(120).optional() }),
    response: created,
    handler: (req) => {
      if (!req.body.name && !req.body.accountName) throw badRequest('accountName: Please enter a name.', 'accountName');
      return s.accounts.createAgent(authOf(req), { ...req.body, name: req.body.name || req.body.accountName! });
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/deleteOrganization',
    summary: 'Delete the organization named by targetOrganizationId',
    tags,
    response: ok,
    handler: (req) => s.accounts.remove(authOf(req), 'organization'),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/deleteAccount',
    summary: 'Delete the account named by targetAccountId',
    tags,
    response: ok,
    handler: (req) => s.accounts.remove(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/listOrganizations',
    summary: 'Organizations below the acting partner or reseller',
    tags,
    actingTypes: ['partner', 'reseller'],
    query: listQuery,
    response: listResponse,
    handler: (req) => s.accounts.listOrganizations(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/listResellers',
    summary: 'Resellers below the acting partner',
    tags,
    actingTypes: ['partner'],
    query: listQuery,
    response: listResponse,
    handler: (req) => s.accounts.listResellers(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/listAccounts',
    summary: 'Agent accounts of the acting organization',
    tags,
    query: listQuery,
    response: listResponse,
    handler: (req) => s.accounts.listAgents(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/searchOrganizations',
    summary: 'Search organizations with the organization filter',
    tags,
    actingTypes: ['partner', 'reseller'],
    query: organizationFilter,
    response: listResponse,
    handler: (req) => s.accounts.searchOrganizations(authOf(req), req.query),
  });

  // The accounts the signed-in user was granted: the roots of the account switcher.
  route(app, {
    method: 'GET',
    url: '/api/v2/myAccounts',
    summary: 'The accounts the signed-in user owns or was invited to (whatever account the request targets)',
    tags,
    response: z.object({ success: z.literal(true), accounts: z.array(accountListItem.extend({ isOwner: z.boolean() })) }),
    handler: async (req) => {
      const { user } = authOf(req);
      const accounts = await s.accounts.accountsOfUser(user.id, await membershipsOfUser(db, user.id));
      return { success: true as const, accounts };
    },
  });

  // Device check-ins (spec §7 User).
  route(app, {
    method: 'GET',
    url: '/api/v1/checkIn/:kind',
    summary: 'The latest check-in of a kind (default mobile)',
    tags: ['user'],
    params: z.object({ kind: z.string().max(32).default('mobile') }),
    handler: async (req) => {
      return {
        success: true as const,
        kind: req.params.kind,
        checkIn: await s.accounts.latestCheckIn(authOf(req).user.id, req.params.kind),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mobileCheckIn',
    summary: 'Record a mobile app check-in',
    tags: ['user'],
    body: withAuthParams({
      checkIn: z
        .looseObject({
          platform: z.enum(['iOS', 'Android']).optional(),
          appVersion: z.string().max(40).optional(),
          userAgent: z.string().optional(),
        })
        .default({}),
    }),
    response: ok,
    handler: async (req) => {
      const details = { ...req.body.checkIn };
      if (typeof details.userAgent === 'string') details.userAgent = details.userAgent.slice(0, USER_AGENT_MAX_LENGTH);
      await s.accounts.addCheckIn(authOf(req).user.id, 'mobile', details);
      return { success: true as const };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/validateVerifiedNumber',
    summary: 'Whether the acting account’s phone number is verified (listen: wait up to 20 s for it)',
    tags: ['user'],
    body: withAuthParams({ listen: z.boolean().optional() }),
    handler: async (req) => {
      const ctx = authOf(req);
      const deadline = Date.now() + (req.body.listen ? 20_000 : 0);
      let row = ctx.acting;
      // Stop early when the client has gone (the request stream itself ends once its body is read).
      while (row.phone_number_verified !== 1 && Date.now() < deadline && !req.raw.socket.destroyed) {
        await new Promise((r) => setTimeout(r, 500));
        row = (await s.accounts.reload(ctx.acting.id)) ?? row;
      }
      return { success: true as const, verified: row.phone_number_verified === 1, phoneNumber: row.phone_number };
    },
  });

  // Uploaded files (profile images) from the files provider.
  route(app, {
    method: 'GET',
    url: '/files/:key',
    summary: 'An uploaded file',
    tags: ['files'],
    auth: 'none',
    params: z.object({ key: z.string().max(200) }),
    handler: async (req, reply) => {
      // Call recordings are read only through their call (GET /api/v1/calls/:callId/recording).
      const data = req.params.key.startsWith('recording-') ? null : await s.deps.files.get(req.params.key);
      if (!data) throw notFound('No such file.');
      return reply.headers(fileHeaders(req.params.key)).header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
  });
}
