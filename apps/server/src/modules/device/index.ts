import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { createPushKeys, createPushSender, PUSH_JOB, subscribeNewConversations } from './push.ts';
import { createFormsService } from './forms.ts';
import { deviceRoutes } from './routes.ts';
import { createDeviceService } from './service.ts';

export type { DeviceTables } from './tables.ts';
export type { ResolvedApp } from './service.ts';

/**
 * The app on a device: the brand's web app manifest and app identity (`orgApp`, `resellerApp`), the
 * user's devices (`mobile`), Web Push for new conversations (a job on the inbox's queue), and the
 * `form` overlay's forms, delivered by e-mail to where the host's brand says.
 */
export const deviceModule: ServerModule<Services> = {
  name: 'device',
  async register(app, s) {
    const keys = createPushKeys(s.deps);
    const device = createDeviceService(s.deps, s.brands.isOwnHost, keys);
    const push = createPushSender(s.deps, keys, device.canView);
    s.inbox.queue.register(PUSH_JOB, (p) => push.runNewConversation(p));
    subscribeNewConversations(s.inbox.bus, s.inbox.queue, s.deps.log);
    // The VAPID key pair exists from the first start on.
    app.addHook('onReady', async () => {
      await keys();
    });
    deviceRoutes(app, device, createFormsService(s.deps, device.appForHost), s.deps.config.SEND_RATE_LIMIT);
  },
};
