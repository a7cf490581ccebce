/**
 * npm run bench linkpages: the public link page (/p/<username>, cached HTML, a view recorded per hit)
 * against a bare node:http server sending the same HTML (ratio, budget >= 0.5), and its first-byte time
 * p95 measured one request at a time.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fmt, freePort, start, stop, withProduct } from './util.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

async function rate(url: string) {
  const opts = { url, connections: 20, headers: { 'user-agent': BROWSER } };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: 5 });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

/** Time to the first byte of the answer, one request after another: the 95th percentile in ms. */
async function firstByteP95(url: string, n = 300): Promise<number> {
  const times: number[] = [];
  const agent = new http.Agent({ keepAlive: true });
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'user-agent': BROWSER } }, (res) => {
          res.once('data', () => times.push(Number(process.hrtime.bigint() - t0) / 1e6));
          res.on('end', resolve).resume();
        })
        .on('error', reject);
    });
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)]!;
}

export async function benchLinkpages(): Promise<string[]> {
  const barePort = await freePort();
  return withProduct('linkpages', {}, async ({ base, dataDir, post, signIn }) => {
    const { token, username } = await signIn('bench@links.test', { businessName: 'Bench Bakery' });
    const links = Array.from({ length: 8 }, (_, i) => ({ title: `Link number ${i + 1}`, url: `https://example.com/${i}` }));
    await post(`/api/v1/account/links?token=${token}`, {
      links,
      linksConfig: { theme: 'Swan', published: true, extras: { booking: { enabled: true } } },
    });
    const pageUrl = `${base}/p/${username}`;
    const first = await fetch(pageUrl, { headers: { 'user-agent': BROWSER } });
    const htmlFile = path.join(dataDir, 'page.html');
    fs.writeFileSync(htmlFile, await first.text());

    const bare = start(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/linkpages-bare.ts'), htmlFile, String(barePort), first.headers.get('etag') ?? ''],
      {},
    );
    try {
      await new Promise<void>((resolve) => bare.once('message', () => resolve()));
      const bareUrl = `http://127.0.0.1:${barePort}/`;
      const p = await rate(pageUrl);
      const b = await rate(bareUrl);
      // The same server's cheapest route, for what every request costs before any page work.
      const h = await rate(`${base}/api/health`);
      if (p.non2xx || b.non2xx) throw new Error('non-2xx answers during load');
      const ratio = p.rps / b.rps;
      const [pFb, bFb] = [await firstByteP95(pageUrl), await firstByteP95(bareUrl)];
      const stats = await post(`/api/v1/stats/links?token=${token}`, {});
      return [
        'endpoint              product req/s   p99 ms   bare req/s   p99 ms   ratio',
        `GET /p/<username>   ${fmt(p.rps)}${fmt(p.p99, 1)}   ${fmt(b.rps)}${fmt(b.p99, 1)}   ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'UNDER BUDGET 0.5'}`,
        `GET /api/health     ${fmt(h.rps)}${fmt(h.p99, 1)}   (the product's floor: page / health = ${(p.rps / h.rps).toFixed(2)})`,
        `first byte p95 (one at a time): product ${pFb.toFixed(2)} ms, bare ${bFb.toFixed(2)} ms`,
        `views recorded during the run: ${stats.views}`,
      ];
    } finally {
      await stop(bare);
    }
  });
}
