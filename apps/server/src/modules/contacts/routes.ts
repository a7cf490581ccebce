import { idParam } from '@switchboard/core';
import {
  contactBody,
  contactImportBody,
  contactImportResponse,
  contactListQuery,
  contactListResponse,
  contactActivityResponse,
  contactResponse,
} from '@switchboard/core/contracts/contacts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, unauthorized } from '../../platform/http/errors.ts';
import { ok, perUser, route, withAuthParams } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { ContactsService } from './service.ts';

const tags = ['contacts'];

/** Spec §8: loading contacts without a session answers this (401). */
export const CONTACT_LOAD_ERROR = 'No token or orgAccountId';
const loaderAuth = (req: FastifyRequest) => {
  if (!req.auth) throw unauthorized(CONTACT_LOAD_ERROR);
  return authOf(req);
};

/** Spec §7 Contacts: GET /api/v2/contact and /contact/{id}; POST /api/v2/contact (create or update); DELETE (id). */
export function contactRoutes(app: FastifyInstance, contacts: ContactsService): void {
  route(app, {
    method: 'GET',
    url: '/api/v2/contact',
    summary: 'The organization’s contacts by name, one page (page from 0, pageSize 20); `search` matches name, notes, numbers and e-mails',
    tags,
    auth: 'optional',
    query: contactListQuery,
    response: contactListResponse,
    handler: (req) => contacts.list(loaderAuth(req), { search: req.query.search, page: req.query }),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/contact/:id',
    summary: 'One contact',
    tags,
    params: z.object({ id: idParam }),
    auth: 'optional',
    query: withAuthParams({}),
    response: contactResponse,
    handler: (req) => contacts.get(loaderAuth(req), req.params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/contact/:id/activity',
    summary: "A contact's conversations, calls and meetings in one place, newest first",
    tags,
    params: z.object({ id: idParam }),
    query: withAuthParams({}),
    response: contactActivityResponse,
    handler: (req) => contacts.activity(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/contact',
    summary: 'Creates a contact, or with `id` updates one; a phone or e-mail of another contact answers 409 naming the field',
    tags,
    body: contactBody,
    response: contactResponse,
    handler: (req) => {
      const { email, phoneNumber, ...body } = req.body;
      // The spec's singular names join the lists (first), so neither is dropped.
      const join = (one: string | undefined, list: string[] | undefined) =>
        one === undefined ? list : [one, ...(list ?? []).filter((x) => x !== one)];
      return contacts.save(authOf(req), { ...body, emails: join(email, body.emails), phones: join(phoneNumber, body.phones) });
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/contact',
    summary: 'Deletes a contact (id in the body or the query)',
    tags,
    query: withAuthParams({ id: idParam.optional() }),
    body: z.looseObject({ id: idParam.optional() }).nullish(),
    response: ok,
    handler: (req) => {
      const id = req.body?.id ?? req.query.id;
      if (!id) throw badRequest('id: required', 'id');
      return contacts.remove(authOf(req), id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/contact/import',
    summary: 'Imports a CSV (header row) or vCard file; bad rows are reported by line and the good ones kept',
    tags,
    body: contactImportBody,
    response: contactImportResponse,
    rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser },
    handler: (req) => contacts.import(authOf(req), req.body),
  });
}
