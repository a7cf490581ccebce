/**
 * npm run bench sip: the product's SIP endpoint under sipp load on 127.0.0.1, in one run:
 * - calls per second sustained with 0 failed calls (rising rates, 5 s each);
 * - INVITE → 200 OK time (sipp's response-time trace of each call), p50 / p95;
 * - concurrent calls with audio both ways (the caller plays a 7 s PCMA pcap, the agent talks):
 *   jitter of the gap between RTP packets we send, p99 (budget: 20 calls or more, under 40 ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../../apps/server/src/testing/harness.ts';
import { runSipp, SIPP, writeRtpPcap } from '../../apps/server/src/testing/sipp.ts';
import { ScriptedStt, ToneTts } from '../../apps/server/src/testing/voice.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export async function benchSip(): Promise<string[]> {
  if (!SIPP) return ['sipp is not installed (Debian package sip-tester): SIP bench skipped'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sip-bench-'));
  // Quiet PCMA (A-law silence with a little noise): the caller listens while the agent talks.
  const quiet = path.join(dir, 'quiet.pcap');
  writeRtpPcap(
    quiet,
    Array.from({ length: 350 }, (_, i) => Buffer.alloc(160, i % 2 ? 0xd5 : 0xd4)),
    8,
  );
  const t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    LOG_LEVEL: 'silent',
    SIP_PORT: '0',
    HOST: '127.0.0.1',
    SIP_PUBLIC_ADDRESS: '127.0.0.1',
    RTP_PORT_MIN: '42000',
    RTP_PORT_MAX: '43998',
  });
  const lines: string[] = [];
  try {
    const org = await t.signUp('owner@sip.bench', { businessName: 'Bench Sip' });
    const number = (await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: {} })).body.number as string;
    await t.request('POST', '/api/v2/sip/ipWhitelist', { token: org.token, body: { ip: '127.0.0.1', label: 'bench' } });
    t.services.voice.stt = new ScriptedStt([], 20);
    const endpoint = t.services.sip.trunk.endpoint!;
    const target = `127.0.0.1:${endpoint.transport.port}`;
    const vars = (audioMs: number) => ({
      from: '+12065550123',
      to: number,
      audio_pcap: quiet,
      dtmf_pcap: '/usr/share/sip-tester/dtmf_2833_1.pcap',
      audio_ms: String(audioMs),
      tail_ms: '0',
    });

    // 1. Calls per second: short calls (1 s), rising rates, 5 s each, until one fails.
    t.services.voice.tts = new ToneTts(2, 5);
    let sustained = 0;
    let budgetP95 = NaN;
    for (const rate of [10, 20, 40, 80]) {
      const run = await runSipp({
        scenario: 'invite-audio.xml',
        target,
        vars: vars(1000),
        args: ['-m', String(rate * 5), '-r', String(rate), '-l', String(rate * 3), '-trace_rtt', '-rtt_freq', '1'],
        timeoutSec: 60,
      });
      const failed = Number(run.stats['FailedCall(C)'] ?? NaN);
      const ok = Number(run.stats['SuccessfulCall(C)'] ?? NaN);
      // The budget is read at 20 calls/s (about 20 calls up at once, the concurrency budget).
      if (rate === 20) budgetP95 = pct(run.rtts, 95);
      lines.push(
        `  ${String(rate).padStart(3)} calls/s for 5 s (1 s calls): ${ok} succeeded, ${failed} failed (sipp exit ${run.code}); INVITE → 200 OK p50 ${pct(run.rtts, 50).toFixed(0)} ms  p95 ${pct(run.rtts, 95).toFixed(0)} ms`,
      );
      if (run.code !== 0 || failed > 0) break;
      sustained = rate;
    }
    lines.unshift(`calls per second sustained with 0 failed calls: ${sustained} (the highest rate tried)`);
    lines.push(
      `INVITE → 200 OK at 20 calls/s (sipp's whole-ms response times): p95 ${budgetP95.toFixed(0)} ms  ${budgetP95 < 100 ? 'ok' : 'OVER BUDGET 100 ms p95'}`,
    );

    // 2. Concurrent calls with audio both ways: the agent talks for about 6 s (100 ms of tone per character).
    t.services.voice.tts = new ToneTts(100, 10);
    for (const n of [20, 30]) {
      endpoint.pacing = [];
      const run = await runSipp({
        scenario: 'invite-audio.xml',
        target,
        vars: vars(7000),
        args: ['-m', String(n), '-l', String(n), '-r', String(n)],
        timeoutSec: 60,
      });
      // Gaps within a stretch of speech (a gap over 200 ms is a pause between sentences or calls, not jitter).
      const jitter = endpoint.pacing.filter((g) => g < 200).map((g) => Math.abs(g - 20));
      endpoint.pacing = null;
      const p99 = pct(jitter, 99);
      lines.push(
        `${n} concurrent calls with audio both ways (sipp exit ${run.code}, ${run.stats['SuccessfulCall(C)']} ok): ${jitter.length} RTP packets, gap jitter p50 ${pct(jitter, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ${p99 < 40 && run.code === 0 ? 'ok' : 'OVER BUDGET 40 ms p99'}`,
      );
    }
    lines.push(
      `load average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    return lines;
  } finally {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
