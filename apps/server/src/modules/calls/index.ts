import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { callRoutes } from './routes.ts';
import { callsRepository } from './repository.ts';
import { HEARTBEAT_MS } from './service.ts';

export { callsInReach, createCallsService } from './service.ts';
export type { CallsService, CallDialer } from './service.ts';
export { phoneCallMarkup, phoneCallScript } from './simulator/phonePage.ts';
export { handleMediaStream, runtimeBrain } from './media/media.ts';
export type { CallRow } from './repository.ts';
/** An organization's phone calls with any of these numbers on the other end, newest first (a contact's activity). */
export const callsWithNumbers = callsRepository.withNumbers.bind(callsRepository);
export type { CallsTables } from './tables.ts';
export type { VoiceEngines } from './media/media.ts';
export { createVoiceEngines, enginesFor, type CallEngines } from './media/engines.ts';
export { SimulatedCarrierCall, type StreamMessage } from './simulator/carrier.ts';
export type { TestCallLine, TestCallSpec } from './dialing/testCalls.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The calls: routes, media streams, the heartbeat of the calls this process holds, the hourly job that
 * deletes recordings past their retention and the minutely sweep that ends calls whose holder died.
 */
export const callsModule: ServerModule<Services> = {
  name: 'calls',
  register(app, s) {
    callRoutes(app, s);
    // Agent tests call this server's media WebSocket where it listens.
    s.calls.testCalls.serveAt(() => app.server.address());
    app.addHook('onClose', async () => {
      await s.calls.relay.close();
      // A local recogniser kept warm for the next turn is stopped with the server.
      for (const stt of new Set([s.voice.stt, ...Object.values(s.voice.sttEngines ?? {})])) stt?.close?.();
    });
    const { queue } = s.inbox;
    queue.register('calls.recordings.prune', async () => {
      await s.calls.pruneRecordings(queue.now());
    });
    queue.register('calls.orphans.sweep', async () => {
      await s.calls.sweepOrphans(queue.now());
    });
    const timers: NodeJS.Timeout[] = [];
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
    // Every process holding calls says so, jobs or not: another process's sweep would end them otherwise.
    app.addHook('onReady', async () => {
      every(HEARTBEAT_MS, () => void s.calls.heartbeat().catch((err) => s.deps.log.warn({ err }, 'calls: heartbeat failed')));
    });
    if (!s.deps.config.JOBS_AUTOSTART) return;
    // One job an hour (a minute for the sweep) whichever process gets there first: the key is the period.
    const schedule = (job: string, period: number) =>
      void queue.enqueue(job, {}, { key: `${job}:${Math.floor(queue.now() / period)}` }).catch(() => undefined);
    app.addHook('onReady', async () => {
      schedule('calls.recordings.prune', HOUR_MS);
      every(HOUR_MS / 6, () => schedule('calls.recordings.prune', HOUR_MS));
      every(MINUTE_MS / 2, () => schedule('calls.orphans.sweep', MINUTE_MS));
    });
  },
};
