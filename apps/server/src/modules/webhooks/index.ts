import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { onWebhookEvent } from './outbox.ts';
import { webhookRoutes } from './routes.ts';

export { createWebhooksService } from './service.ts';
export type { WebhooksService } from './service.ts';
export type { WebhooksTables } from './tables.ts';
export { verifySwitchboardSignature } from './signing.ts';
export { emitWebhookEvent, type WebhookEventInput } from './outbox.ts';

/** How often the event log is scanned besides the scan each published event triggers (a crash, another process). */
const SCAN_EVERY_MS = 30_000;

/**
 * Outbound webhooks: routes, and the scans that turn events into deliveries (on each published event,
 * at start and every 30 s while the job worker runs).
 */
export const webhooksModule: ServerModule<Services> = {
  name: 'webhooks',
  register(app, s) {
    webhookRoutes(app, s);
    let running: Promise<unknown> = Promise.resolve();
    let again = false;
    let closed = false;
    const scan = () => {
      if (closed) return;
      if (again) return;
      again = true;
      running = running.then(async () => {
        again = false;
        if (closed) return;
        await s.webhooks.scan().catch((err) => s.deps.log.warn({ err }, 'webhook scan failed'));
      });
    };
    // Without JOBS_AUTOSTART nothing scans in the background (tests call scan() and drain themselves:
    // a scan woken by an event would claim the rows under the test's own scan).
    let stopWaking = () => {};
    let timer: NodeJS.Timeout | null = null;
    if (s.deps.config.JOBS_AUTOSTART) {
      s.inbox.bus.subscribe(scan);
      stopWaking = onWebhookEvent(scan);
      app.addHook('onReady', async () => {
        scan();
        timer = setInterval(scan, SCAN_EVERY_MS);
        timer.unref();
      });
    }
    app.addHook('preClose', async () => {
      closed = true;
      stopWaking();
      if (timer) clearInterval(timer);
      await running;
    });
  },
};
