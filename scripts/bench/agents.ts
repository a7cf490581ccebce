/**
 * Bench of the agent runtime: POST /api/v1/agent/runPrompt with the offline responder (requests/s and
 * p99 with autocannon) beside a bare node:http server doing the same database work on the same
 * database (scripts/bench/agents-bare.ts). Printed as a ratio so the figure holds on a noisy machine.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fmt, freePort, start, stop, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function post(url: string, body: unknown, opts: { connections?: number; seconds?: number } = {}) {
  const req = { url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  await autocannon({ ...req, connections: 10, duration: 1 });
  const r = await autocannon({ ...req, connections: opts.connections ?? 20, duration: opts.seconds ?? 5 });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

export async function benchAgents(): Promise<string[]> {
  const barePort = await freePort();
  // The keyword stand-in model (no model configured).
  return withProduct(
    'agents',
    { LLM_BASE_URL: '', LLM_API_KEY: '', ANTHROPIC_API_KEY: '', LLM_STAND_IN: 'keywords' },
    async ({ base, dataDir, post: json, signIn }) => {
      const { token } = await signIn('bench@agents.test', { businessName: 'Bench Dental' });
      const saved = await json(`/api/v2/campaign?token=${token}`, {
        agentInstructions:
          'You are the receptionist of Bench Dental.\nOur opening hours are Monday to Friday, 9am to 5pm.\nParking is free behind the building.',
      });
      if (!saved.success) throw new Error(`campaign save failed: ${JSON.stringify(saved)}`);
      const body = { promptText: 'What are your opening hours?' };
      const check = await json(`/api/v1/agent/runPrompt?token=${token}`, body);
      if (!String(check.response).includes('9am to 5pm')) throw new Error(`unexpected answer: ${JSON.stringify(check)}`);

      const bare = start(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/bench/agents-bare.ts'), path.join(dataDir, 'switchboard.db'), String(barePort)],
        {},
      );
      try {
        await new Promise<void>((resolve) => bare.once('message', () => resolve()));
        const p = await post(`${base}/api/v1/agent/runPrompt?token=${token}`, body);
        const b = await post(`http://127.0.0.1:${barePort}/api/v1/agent/runPrompt?token=${token}`, body);
        if (p.non2xx || b.non2xx) throw new Error(`non-2xx answers during load (product ${p.non2xx}, bare ${b.non2xx})`);
        const ratio = p.rps / b.rps;
        return [
          'runPrompt, offline responder (SQLite, 20 connections, 5 s; budget: ratio >= 0.5)',
          'endpoint                          product req/s   p99 ms   bare req/s   p99 ms   ratio',
          `${'POST /api/v1/agent/runPrompt'.padEnd(32)}${fmt(p.rps)}${fmt(p.p99, 1)}   ${fmt(b.rps)}${fmt(b.p99, 1)}   ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'UNDER BUDGET 0.5'}`,
        ];
      } finally {
        await stop(bare);
      }
    },
  );
}
