import crypto from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@switchboard/core/contracts/webhooks';
import type { Deps } from '../../deps.ts';
import type { Background } from '../../platform/background.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { outboundUrlProblem } from '../../platform/http/outbound.ts';
import { createDelivery } from './delivery.ts';
import { toDelivery, toEndpoint } from './mappers.ts';
import { deliveriesRepository, endpointsRepository, type EndpointRow } from './repository.ts';
import { newSecret } from './signing.ts';

const MAX_ENDPOINTS = 20;

/** Outbound webhooks of an account: endpoints (URL, events, secret), deliveries and their log. */
export function createWebhooksService(deps: Deps, bg: Background) {
  const { db } = deps;
  const box = () => secretBoxFor(deps.config);
  const delivery = createDelivery(deps, bg);
  const show = (row: EndpointRow) => toEndpoint(row, box().open(row.secret));

  async function own(ctx: AuthContext, id: number) {
    const row = await endpointsRepository.get(db, ctx.acting.id, id);
    if (!row) throw notFound('Webhook not found.');
    return row;
  }

  return {
    scan: delivery.scan,

    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const rows = await endpointsRepository.list(db, ctx.acting.id);
      return { success: true as const, webhooks: rows.map(show), events: [...WEBHOOK_EVENTS] };
    },

    /** The secret is in this answer only; afterwards only its first characters are shown. */
    async create(ctx: AuthContext, input: { url: string; events: string[]; description?: string | undefined }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const problem = await outboundUrlProblem(input.url, { allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS });
      if (problem) throw badRequest(`url: The webhook URL ${problem}.`, 'url');
      if ((await endpointsRepository.list(db, ctx.acting.id)).length >= MAX_ENDPOINTS)
        throw badRequest(`At most ${MAX_ENDPOINTS} webhooks per account.`, 'url');
      const secret = newSecret();
      const row = await endpointsRepository.insert(
        db,
        {
          accountId: ctx.acting.id,
          url: input.url,
          description: input.description ?? '',
          events: [...new Set(input.events)],
          secret: box().seal(secret),
        },
        Date.now(),
      );
      return { success: true as const, webhook: show(row), secret };
    },

    async remove(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!(await endpointsRepository.remove(db, ctx.acting.id, id))) throw notFound('Webhook not found.');
      return { success: true as const };
    },

    /** Resumes a paused endpoint (or pauses one). */
    async setActive(ctx: AuthContext, id: number, active: boolean) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await own(ctx, id);
      await endpointsRepository.setActive(db, id, active, active ? null : 'Paused by a user.');
      return { success: true as const, webhook: show((await own(ctx, id))!) };
    },

    async deliveries(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canViewOrg');
      await own(ctx, id);
      return { success: true as const, deliveries: (await deliveriesRepository.recent(db, id)).map(toDelivery) };
    },

    /** Sends a `webhook.test` event to the endpoint now (through the queue, like any delivery). */
    async test(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const ep = await own(ctx, id);
      const eventId = `evt_test_${crypto.randomUUID()}`;
      const now = Date.now();
      const payload = {
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt: now,
        accountId: ep.account_id,
        data: { message: 'A test event from Switchboard.' },
      };
      const row = (await deliveriesRepository.insert(
        db,
        { endpointId: ep.id, accountId: ep.account_id, eventId, eventType: WEBHOOK_TEST_EVENT, payload },
        now,
      ))!;
      await delivery.enqueueDelivery(row.id, ep.id, 1);
      return { success: true as const, delivery: toDelivery((await deliveriesRepository.get(db, row.id))!) };
    },

    /** Sends a delivery again, with the same event id (receivers deduplicate by it). */
    async replay(ctx: AuthContext, id: number, deliveryId: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await own(ctx, id);
      const d = await deliveriesRepository.get(db, deliveryId);
      if (!d || d.endpoint_id !== id) throw notFound('Delivery not found.');
      await deliveriesRepository.requeue(db, d.id, Date.now());
      await delivery.enqueueDelivery(d.id, d.endpoint_id, d.attempts + 1);
      return { success: true as const, delivery: toDelivery((await deliveriesRepository.get(db, d.id))!) };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
