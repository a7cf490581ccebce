import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { logsRoutes } from './routes.ts';

export { createLogsService, logInsertStatement, recordLog, recordLogs } from './service.ts';
export type { LogsPorts } from './service.ts';
export type { LogsService, NewLog } from './service.ts';
export type { LogsTables } from './tables.ts';

const PRUNE_EVERY_MS = 3_600_000;

/**
 * The activity log (spec §7 Logs); `recordLog` is how every module writes into it. While the job worker
 * runs, rows older than LOGS_RETENTION_DAYS are pruned at start and hourly: one job per hour whichever
 * process enqueues it first (the key is the hour), so several processes prune once, not once each.
 */
export const logsModule: ServerModule<Services> = {
  name: 'logs',
  register(app, s) {
    logsRoutes(app, s);
    const { queue } = s.inbox;
    queue.register('logs.prune', async () => {
      await s.logs.prune(queue.now());
    });
    if (!s.deps.config.JOBS_AUTOSTART) return;
    let timer: NodeJS.Timeout | null = null;
    const schedule = () =>
      void queue.enqueue('logs.prune', {}, { key: `logs.prune:${Math.floor(queue.now() / PRUNE_EVERY_MS)}` }).catch(() => undefined);
    app.addHook('onReady', async () => {
      schedule();
      timer = setInterval(schedule, PRUNE_EVERY_MS / 6);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
};
