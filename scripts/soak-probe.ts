/**
 * Loaded into the server process by `npm run soak` (`node --import tsx --import scripts/soak-probe.ts`):
 * answers the soak's IPC message `probe` with the process's own figures since the last probe: RSS and
 * heap (after a full collection when `--expose-gc` is on, so the heap is what is live), event-loop lag
 * p99, the open handles (libuv resources: sockets, timers, files) and the CPU time used so far (read
 * before the collection; `npm run bench scale` loads it too). `sample` answers the same without the
 * collection, for a CPU time that a collection's own work must not be counted in.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

process.on('message', (m: unknown) => {
  if ((m !== 'probe' && m !== 'sample') || !process.send) return;
  const cpu = process.cpuUsage();
  if (m === 'probe') (globalThis as { gc?: () => void }).gc?.();
  const mem = process.memoryUsage();
  process.send({
    probe: {
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      handles: process.getActiveResourcesInfo().length,
      cpuMicros: cpu.user + cpu.system,
    },
  });
  lag.reset();
});
