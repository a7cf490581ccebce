/**
 * npm run bench: the product beside the physical limit of this machine, measured in one run, printed
 * as ratios so the figures hold on a noisy machine. Each section is a module; sections written by
 * other domains are picked up when present.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, freePort, load, start, stop, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// `stats` was the reports' section's earlier name.
// The first argument that is not an option (`npm run bench voice-e2e -- --turns 3`).
const arg = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--turns');
const only = arg === 'stats' ? 'insight' : arg;

async function benchFoundation(): Promise<string[]> {
  return withProduct(
    'foundation',
    { SUPER_ADMIN_EMAILS: 'bench@admin.test', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    async ({ base, dataDir, post, signIn }) => {
      const admin = (await signIn('bench@admin.test')).token;
      await post(`/internal/createPartner?token=${admin}`, { name: 'Bench Partner', email: 'partner@bench.test' });
      const partner = (await signIn('partner@bench.test', { signup: false })).token;
      for (let i = 0; i < 100; i++) await post(`/api/v2/createOrganization?token=${partner}`, { name: `Org ${i}` });

      const barePort = await freePort();
      const bare = start(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/bench/bare-server.ts'), path.join(dataDir, 'switchboard.db'), String(barePort)],
        {},
      );
      try {
        await new Promise<void>((resolve) => bare.once('message', () => resolve()));
        const lines = ['endpoint                          product req/s   p99 ms   bare req/s   p99 ms   ratio'];
        for (const url of [`/api/v1/account?token=${partner}`, `/api/v2/listOrganizations?token=${partner}`]) {
          const p = await load(`${base}${url}`);
          const b = await load(`http://127.0.0.1:${barePort}${url}`);
          if (p.non2xx || b.non2xx) throw new Error(`non-2xx answers during load on ${url}`);
          const ratio = p.rps / b.rps;
          lines.push(
            `${url.split('?')[0]!.padEnd(32)}${fmt(p.rps)}${fmt(p.p99, 1)}   ${fmt(b.rps)}${fmt(b.p99, 1)}   ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'UNDER BUDGET 0.5'}`,
          );
        }
        return lines;
      } finally {
        await stop(bare);
      }
    },
  );
}

/** Optional sections other domains provide: [file, exported function]. */
const SECTIONS: [string, string, string][] = [
  ['web', 'scripts/web-size.ts', 'webSize'],
  ['agents', 'scripts/bench/agents.ts', 'benchAgents'],
  ['inbox', 'scripts/bench/inbox.ts', 'benchInbox'],
  ['ledger', 'scripts/bench/ledger.ts', 'benchLedger'],
  ['voice', 'scripts/bench/voice.ts', 'benchVoice'],
  ['voice-e2e', 'scripts/bench/voice-e2e.ts', 'benchVoiceE2e'],
  ['sip', 'scripts/bench/sip.ts', 'benchSip'],
  ['integrations', 'scripts/bench/integrations.ts', 'benchIntegrations'],
  ['insight', 'scripts/bench/insight.ts', 'benchInsight'],
  ['linkpages', 'scripts/bench/linkpages.ts', 'benchLinkpages'],
];

console.log(`Switchboard bench on ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
if (!only || only === 'foundation') {
  console.log('\n# JSON endpoints (SQLite, 20 connections, 5 s each; budget: ratio >= 0.5)');
  for (const l of await benchFoundation()) console.log(l);
}
for (const [name, file, fn] of SECTIONS) {
  if (only && only !== name) continue;
  if (!fs.existsSync(path.join(root, file))) continue;
  console.log(`\n# ${name}`);
  const mod = (await import(path.join(root, file))) as Record<string, () => Promise<string[]>>;
  if (typeof mod[fn] !== 'function') {
    console.log(`(${file} does not export ${fn})`);
    continue;
  }
  for (const l of await mod[fn]!()) console.log(l);
}
