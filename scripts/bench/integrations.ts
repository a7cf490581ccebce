/**
 * npm run bench integrations: webhook deliveries through the durable queue, run by the started job
 * worker as a server runs them (claim, read the delivery and its endpoint, sign, POST, record and
 * acknowledge in one transaction), beside bare signed POSTs with node:http, to the same receiver on
 * 127.0.0.1. Both do the same work: ENDPOINTS endpoints side by side, each endpoint's events one at a
 * time in order (the queue runs an endpoint's deliveries in its lane), a round untimed and then a round
 * timed. Printed as a ratio (budget >= 0.3).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../apps/server/src/testing/harness.ts';
import { profiled } from './util.ts';

const ENDPOINTS = 10;
/**
 * Events per endpoint in the timed round, after as many delivered untimed on both sides. A server runs
 * warm: delivered in chunks, the product's first 500 deliveries ran at about 2,000/s and 600 µs of CPU
 * each, and it settled near 5,000/s and 200 µs only after about 2,500, while V8 compiled the delivery
 * path (a fifth of the process's CPU then was the optimizing compiler). The timed windows of 300 and
 * then 1,000 deliveries measured mostly that warm-up (docs/performance.md, "Webhook deliveries over a
 * longer window").
 */
const PER_ENDPOINT = 250;
const N = ENDPOINTS * PER_ENDPOINT;
const BUDGET = 0.3;

/** The process's CPU time (user and system) since `from`, per item, in µs. */
function cpuPer(from: NodeJS.CpuUsage, items: number): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / Math.max(1, items);
}

export async function benchIntegrations(): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The database as the server opens it: its WAL checkpointed by a worker thread (app.ts).
  const t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, { checkpointInBackground: true });
  const { queue } = t.services.inbox;
  try {
    const org = await t.signUp('bench@hooks.test');
    const hooks: string[] = [];
    for (let e = 0; e < ENDPOINTS; e++) {
      const hook = await t.request('POST', '/api/v2/webhooks', {
        token: org.token,
        body: { url: `${base}/hook/${e}`, events: ['message.created'] },
      });
      hooks.push(hook.body.webhook.id);
    }
    // Each round's events are queued before it and delivered whole, so every lane is as long as the
    // others. Queued event by event, one delivery per endpoint each, as the fan-out of events lays
    // deliveries and jobs out (one event's deliveries side by side; queued endpoint by endpoint instead,
    // the lanes' rows sat apart and each commit wrote 2.5 times the pages).
    const queueRound = async () => {
      for (let i = 0; i < PER_ENDPOINT; i++)
        for (const id of hooks) await t.request('POST', `/api/v2/webhooks/${id}/test`, { token: org.token });
    };
    // The started worker delivers the round; done when every delivery's job has run.
    const deliverRound = async () => {
      const counted = queue.onOutcome;
      let done = 0;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await new Promise<number>((resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`the worker delivered ${done} of ${N} events in 60 s`)), 60_000);
          queue.onOutcome = (kind, outcome) => {
            counted?.(kind, outcome);
            if (outcome !== 'done') reject(new Error(`a delivery's job ended ${outcome}`));
            if (++done === N) resolve(done);
          };
          queue.start();
        });
      } finally {
        clearTimeout(timer);
        queue.onOutcome = counted;
        await queue.stop();
      }
    };
    await queueRound();
    await deliverRound();
    await queueRound();

    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const ran = await profiled('integrations-deliveries', deliverRound);
    const productCpu = cpuPer(cpuStart, ran);
    const product = ran / ((performance.now() - started) / 1000);

    const key = crypto.randomBytes(24);
    const post = (url: string, i: number) => {
      const body = JSON.stringify({ id: `evt_${i}`, type: 'webhook.test', data: {} });
      const ts = Math.floor(Date.now() / 1000);
      const sig = crypto.createHmac('sha256', key).update(`${ts}.${body}`).digest('hex');
      return new Promise<void>((resolve, reject) => {
        const req = http.request(
          url,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'switchboard-signature': `t=${ts},v1=${sig}` } },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    const bareRound = () =>
      Promise.all(
        Array.from({ length: ENDPOINTS }, async (_, e) => {
          for (let i = 0; i < PER_ENDPOINT; i++) await post(`${base}/hook/${e}`, i);
        }),
      );
    await bareRound();
    const bareStart = performance.now();
    const bareCpuStart = process.cpuUsage();
    await bareRound();
    const bare = N / ((performance.now() - bareStart) / 1000);
    const bareCpu = cpuPer(bareCpuStart, N);
    const ratio = product / bare;
    return [
      `webhook deliveries (${ENDPOINTS} endpoints side by side, each in order)   product/s   bare/s   ratio`,
      `signed POST to 127.0.0.1 (${N})          ${product.toFixed(0).padStart(6)}   ${bare.toFixed(0).padStart(6)}   ${ratio.toFixed(2)} ${ratio >= BUDGET ? 'ok' : `UNDER BUDGET ${BUDGET}`}`,
      // The process's CPU time per delivery (receiver included on both sides): what a loaded machine does not skew.
      `  CPU per delivery (this process, receiver included)   product ${productCpu.toFixed(0)} µs   bare ${bareCpu.toFixed(0)} µs   bare/product ${(bareCpu / productCpu).toFixed(2)}`,
    ];
  } finally {
    await t.close();
    agent.destroy();
    receiver.close();
  }
}
