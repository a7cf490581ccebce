import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { logsRoutes } from './routes.ts';

export { createLogsService, recordLog } from './service.ts';
export type { LogsPorts } from './service.ts';
export type { LogsService, NewLog } from './service.ts';
export type { LogsTables } from './tables.ts';

const PRUNE_EVERY_MS = 3_600_000;

/**
 * The activity log (spec §7 Logs); `recordLog` is how every module writes into it. While the job worker
 * runs, rows older than LOGS_RETENTION_DAYS are pruned at start and hourly.
 */
export const logsModule: ServerModule<Services> = {
  name: 'logs',
  register(app, s) {
    logsRoutes(app, s);
    if (!s.deps.config.JOBS_AUTOSTART) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    const prune = () => {
      running = s.logs.prune().catch((err) => s.deps.log.warn({ err }, 'log prune failed'));
    };
    app.addHook('onReady', async () => {
      prune();
      timer = setInterval(prune, PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
};
