import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** sipp (Debian `sip-tester`) drives SIP tests and the SIP bench against the running product. */
export const SIPP = ['/usr/bin/sipp', '/usr/local/bin/sipp'].find((p) => fs.existsSync(p)) ?? null;

export interface SippRun {
  code: number;
  stdout: string;
  errors: string;
  /** sipp's statistics file (-trace_stat): the last line's fields by name. */
  stats: Record<string, string>;
  /** Response times (ms) of the scenario's `rtd` messages, one per call (-trace_rtt). */
  rtts: number[];
}

/**
 * A pcap of RTP packets for sipp's play_pcap_audio: 20 ms frames of `payload` type `pt` from
 * 127.0.0.1, Ethernet/IPv4/UDP framing (sipp rewrites addresses and ports when it plays).
 */
export function writeRtpPcap(file: string, frames: Buffer[], pt: number): void {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b2c3d4, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(65535, 16);
  head.writeUInt32LE(1, 20);
  parts.push(head);
  frames.forEach((payload, i) => {
    const rtp = Buffer.alloc(12);
    rtp[0] = 0x80;
    rtp[1] = pt;
    rtp.writeUInt16BE(i & 0xffff, 2);
    rtp.writeUInt32BE(i * payload.length, 4);
    rtp.writeUInt32BE(0x1234, 8);
    const udpLen = 8 + 12 + payload.length;
    const udp = Buffer.alloc(8);
    udp.writeUInt16BE(6000, 0);
    udp.writeUInt16BE(6000, 2);
    udp.writeUInt16BE(udpLen, 4);
    const ip = Buffer.alloc(20);
    ip[0] = 0x45;
    ip.writeUInt16BE(20 + udpLen, 2);
    ip[8] = 64;
    ip[9] = 17;
    ip.writeUInt32BE(0x7f000001, 12);
    ip.writeUInt32BE(0x7f000001, 16);
    const eth = Buffer.alloc(14);
    eth.writeUInt16BE(0x0800, 12);
    const packet = Buffer.concat([eth, ip, udp, rtp, payload]);
    const rec = Buffer.alloc(16);
    const us = i * 20_000;
    rec.writeUInt32LE(Math.floor(us / 1e6), 0);
    rec.writeUInt32LE(us % 1e6, 4);
    rec.writeUInt32LE(packet.length, 8);
    rec.writeUInt32LE(packet.length, 12);
    parts.push(rec, packet);
  });
  fs.writeFileSync(file, Buffer.concat(parts));
}

/** A free UDP port on 127.0.0.1 (for sipp's own SIP and media sockets). */
export async function freePort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * Whether a UDP socket is bound to `port` (sipp has started listening). Read from /proc/net/udp (sipp
 * runs on Linux): probing by binding the port ourselves could take it from sipp at the same moment.
 */
export function udpBound(port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  return ['/proc/net/udp', '/proc/net/udp6'].some(
    (f) =>
      fs.existsSync(f) &&
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .some((l) => l.trim().split(/\s+/)[1]?.endsWith(hex.trim())),
  );
}

let mediaPort = 30000 + (process.pid % 200) * 40;

/**
 * Runs a scenario (a file of scenarios/, with `[name]` placeholders of `vars` filled in) against
 * `target` (host:port) and resolves when sipp exits: code 0 means every call succeeded.
 */
export async function runSipp(o: {
  scenario: string;
  target: string;
  vars?: Record<string, string>;
  /** Extra sipp arguments (-m, -l, -r, -sn uas, …). */
  args?: string[];
  ip?: string;
  /** sipp's own SIP port (default: a free one). */
  port?: number;
  timeoutSec?: number;
  onStart?: () => void;
}): Promise<SippRun> {
  if (!SIPP) throw new Error('sipp is not installed (Debian package sip-tester)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sipp-'));
  const args = [
    '-i',
    o.ip ?? '127.0.0.1',
    '-p',
    String(o.port ?? (await freePort())),
    '-mp',
    String((mediaPort += 4)),
    '-nostdin',
    '-timeout',
    `${o.timeoutSec ?? 30}s`,
    '-timeout_error',
  ];
  args.push('-trace_err', '-error_file', path.join(dir, 'errors.log'), '-trace_stat', '-stf', path.join(dir, 'stats.csv'));
  if (o.scenario.endsWith('.xml')) {
    let xml = fs.readFileSync(path.join(import.meta.dirname, '../modules/sip/scenarios', o.scenario), 'utf8');
    for (const [k, v] of Object.entries(o.vars ?? {})) xml = xml.split(`[${k}]`).join(v);
    const file = path.join(dir, o.scenario);
    fs.writeFileSync(file, xml);
    args.push('-sf', file);
  }
  args.push(...(o.args ?? []));
  if (o.target) args.push(o.target);
  const child = spawn(SIPP, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout = (stdout + c.toString()).slice(-20_000)));
  child.stderr.on('data', (c: Buffer) => (stdout = (stdout + c.toString()).slice(-20_000)));
  o.onStart?.();
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  const read = (f: string) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : '');
  const csv = read('stats.csv').trim().split('\n');
  const names = (csv[0] ?? '').split(';');
  const last = (csv[csv.length - 1] ?? '').split(';');
  const stats = Object.fromEntries(names.map((n, i) => [n, last[i] ?? '']));
  const errors = read('errors.log');
  const rttFile = fs.readdirSync(dir).find((f) => f.endsWith('_rtt.csv'));
  // Date_ms;response_time_ms;rtd_no (whole milliseconds).
  const rtts = rttFile
    ? read(rttFile)
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => Number(l.split(';')[1]))
        .filter((n) => Number.isFinite(n))
    : [];
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, stdout, errors, stats, rtts };
}

/** A sipp far end on `port` answering one call (scenarios/uas.xml) and waiting for our BYE. */
export function sippUas(port: number): { done: Promise<number> } {
  return { done: runSipp({ scenario: 'uas.xml', target: '', port, args: ['-m', '1'], timeoutSec: 25 }).then((r) => r.code) };
}
