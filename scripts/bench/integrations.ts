/**
 * npm run bench integrations: webhook deliveries through the durable queue (claim, open the secret,
 * sign, POST, record, acknowledge) beside bare signed POSTs from a loop with node:http, one at a time
 * each, to the same receiver on 127.0.0.1. Printed as a ratio (budget >= 0.2: the queue's database
 * writes per delivery are the cost of never losing one).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../apps/server/src/testing/harness.ts';

const N = 300;

export async function benchIntegrations(): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  try {
    const org = await t.signUp('bench@hooks.test');
    const hook = await t.request('POST', '/api/v2/webhooks', { token: org.token, body: { url, events: ['message.created'] } });
    for (let i = 0; i < N; i++) await t.request('POST', `/api/v2/webhooks/${hook.body.webhook.id}/test`, { token: org.token });

    const started = performance.now();
    const ran = await t.services.inbox.queue.drain(N);
    const product = ran / ((performance.now() - started) / 1000);

    const key = crypto.randomBytes(24);
    const bareStart = performance.now();
    for (let i = 0; i < N; i++) {
      const body = JSON.stringify({ id: `evt_${i}`, type: 'webhook.test', data: {} });
      const ts = Math.floor(Date.now() / 1000);
      const sig = crypto.createHmac('sha256', key).update(`${ts}.${body}`).digest('hex');
      await new Promise<void>((resolve, reject) => {
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
    }
    const bare = N / ((performance.now() - bareStart) / 1000);
    const ratio = product / bare;
    return [
      'webhook deliveries (one at a time)   product/s   bare/s   ratio',
      `signed POST to 127.0.0.1 (${N})          ${product.toFixed(0).padStart(6)}   ${bare.toFixed(0).padStart(6)}   ${ratio.toFixed(2)} ${ratio >= 0.2 ? 'ok' : 'UNDER BUDGET 0.2'}`,
    ];
  } finally {
    await t.close();
    agent.destroy();
    receiver.close();
  }
}
