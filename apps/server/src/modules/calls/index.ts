import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { callRoutes } from './routes.ts';
import { callsRepository } from './repository.ts';

export { callsInReach, createCallsService } from './service.ts';
export type { CallsService, CallDialer } from './service.ts';
export { phoneCallMarkup, phoneCallScript } from './phonePage.ts';
export { handleMediaStream, runtimeBrain } from './media.ts';
export type { CallRow } from './repository.ts';
/** An organization's phone calls with any of these numbers on the other end, newest first (a contact's activity). */
export const callsWithNumbers = callsRepository.withNumbers.bind(callsRepository);
export type { CallsTables } from './tables.ts';
export type { VoiceEngines } from './media.ts';
export { createVoiceEngines } from './engines.ts';

const HOUR_MS = 3_600_000;

/** The calls: routes, media streams, and the hourly job that deletes recordings past their retention. */
export const callsModule: ServerModule<Services> = {
  name: 'calls',
  register(app, s) {
    callRoutes(app, s);
    app.addHook('onClose', async () => {
      await s.calls.relay.close();
    });
    const { queue } = s.inbox;
    queue.register('calls.recordings.prune', async () => {
      await s.calls.pruneRecordings(queue.now());
    });
    if (!s.deps.config.JOBS_AUTOSTART) return;
    let timer: NodeJS.Timeout | null = null;
    // One job an hour whichever process gets there first (the key is the hour).
    const schedule = () =>
      void queue.enqueue('calls.recordings.prune', {}, { key: `calls.recordings.prune:${Math.floor(queue.now() / HOUR_MS)}` }).catch(() => undefined);
    app.addHook('onReady', async () => {
      schedule();
      timer = setInterval(schedule, HOUR_MS / 6);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
};
