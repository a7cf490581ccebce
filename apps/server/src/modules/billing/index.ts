import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { billingRoutes } from './routes.ts';

export { createBillingService, periodEnd } from './service.ts';
export { planPricingOf } from './pricing.ts';
export type { BillingService } from './service.ts';
export { canPayFor, chargeAfter, chargeUsage, PRODUCT_ITEM_OF } from './usage.ts';
export type { UsageCharge } from './usage.ts';
export type { BillingTables } from './tables.ts';

/** Renewals and payout outcomes are looked at every 10 minutes (one job per slot, whichever process enqueues it). */
const JOB_EVERY_MS = 600_000;

export const billingModule: ServerModule<Services> = {
  name: 'billing',
  register(app, s) {
    billingRoutes(app, s);
    const queue = s.inbox.queue;
    queue.register('billing.renewals', async () => {
      await s.billing.renewDue(queue.now());
      await s.wallet.payouts.pollPending();
    });
    let timer: NodeJS.Timeout | null = null;
    const schedule = () =>
      void queue
        .enqueue('billing.renewals', {}, { key: `billing.renewals:${Math.floor(queue.now() / JOB_EVERY_MS)}` })
        .catch(() => undefined);
    if (s.deps.config.JOBS_AUTOSTART) {
      app.addHook('onReady', async () => {
        schedule();
        timer = setInterval(schedule, JOB_EVERY_MS);
        timer.unref();
      });
    }
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
};
