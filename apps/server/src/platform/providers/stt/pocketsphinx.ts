import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { resample, SAMPLE_RATE } from '../../audio/index.ts';
import type { SttProvider, SttStream } from './index.ts';

/** Recognition of one turn gives up after this long past its end. */
const FINISH_TIMEOUT_MS = 30_000;
/** A warm recogniser left unused this long is stopped (the next turn starts a fresh one). */
const SPARE_IDLE_MS = 10 * 60_000;

/**
 * Offline streaming recognition with CMU pocketsphinx (Debian: pocketsphinx, pocketsphinx-en-us).
 *
 * Each turn has its own `pocketsphinx_continuous` process reading raw 16 kHz PCM from a pipe (its US
 * English model is trained on 16 kHz audio, so each 8 kHz frame is upsampled as it arrives): the call
 * writes the caller's audio frame by frame while they talk, so when the turn ends only its tail is left
 * to decode. Loading the model takes most of a second of CPU, so one process is kept warm, started
 * before it is needed (`warm()`: when a call connects, and again once a turn has been decoded).
 *
 * The decoder's own voice detection ends a segment after `-vad_postspeech` frames (10 ms each) of
 * silence and prints its text at once: `partial()` is what the caller said so far, which the call uses to
 * end the turn sooner when it reads as a complete sentence. The second decoding passes (fwdflat,
 * bestpath) are off: they cost more time at the end of a turn than they gain on telephone audio.
 *
 * Node gives a child's stdin as a socket, which the program cannot open as `/dev/stdin`, so `cat`
 * turns it into a pipe (`sh -c 'cat | exec pocketsphinx_continuous …'`, in its own process group).
 */
export class PocketsphinxStt implements SttProvider {
  readonly name = 'pocketsphinx';
  private spare: { proc: ChildProcess; timer: NodeJS.Timeout } | null = null;
  private closed = false;

  constructor(
    private readonly log: Logger,
    private readonly bin = 'pocketsphinx_continuous',
    private readonly postSpeechFrames = 20,
  ) {}

  private spawn(): ChildProcess {
    const args = [
      '-infile',
      '/dev/stdin',
      '-logfn',
      '/dev/null',
      '-fwdflat',
      'no',
      '-bestpath',
      'no',
      '-vad_postspeech',
      String(this.postSpeechFrames),
    ];
    const cmd = `cat | exec ${[this.bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')}`;
    const proc = spawn('sh', ['-c', cmd], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
    proc.on('error', (err) => this.log.error({ err }, 'pocketsphinx failed to start'));
    proc.stdin!.on('error', () => {});
    return proc;
  }

  /** Starts the warm recogniser the next turn takes (no-op when one is waiting). */
  warm(): void {
    if (this.spare || this.closed) return;
    const proc = this.spawn();
    // A waiting recogniser does not keep the server's process alive.
    proc.unref();
    for (const s of [proc.stdin, proc.stdout]) (s as unknown as { unref?: () => void }).unref?.();
    const timer = setTimeout(() => {
      if (this.spare?.proc === proc) this.spare = null;
      kill(proc);
    }, SPARE_IDLE_MS);
    timer.unref();
    proc.once('exit', () => {
      if (this.spare?.proc === proc) this.spare = null;
    });
    this.spare = { proc, timer };
  }

  /** Stops the warm recogniser and keeps none from now on (server shutdown); turns still start their own. */
  close(): void {
    this.closed = true;
    if (!this.spare) return;
    clearTimeout(this.spare.timer);
    kill(this.spare.proc);
    this.spare = null;
  }

  stream(signal?: AbortSignal): SttStream {
    let proc: ChildProcess;
    if (this.spare && this.spare.proc.exitCode == null) {
      proc = this.spare.proc;
      clearTimeout(this.spare.timer);
      for (const s of [proc.stdin, proc.stdout]) (s as unknown as { ref?: () => void }).ref?.();
      this.spare = null;
    } else proc = this.spawn();
    // Once this turn is decoded (not while: loading a model competes with the decoding for the CPU), the
    // next turn, of this call or another, gets a recogniser ready.
    proc.once('exit', () => this.warm());
    return new PocketsphinxStream(proc, this.log, signal);
  }

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string> {
    const s = this.stream(signal);
    s.write(pcm);
    return s.finish();
  }
}

function kill(proc: ChildProcess): void {
  if (proc.exitCode != null || proc.pid == null) return;
  try {
    process.kill(-proc.pid, 'SIGKILL');
  } catch {
    proc.kill('SIGKILL');
  }
}

class PocketsphinxStream implements SttStream {
  private out = '';
  private readonly done: Promise<string>;
  private aborted = false;
  private ended = false;

  constructor(
    private readonly proc: ChildProcess,
    log: Logger,
    signal?: AbortSignal,
  ) {
    proc.stdout!.on('data', (d: Buffer) => (this.out += d.toString('utf8')));
    this.done = new Promise<string>((resolve, reject) => {
      proc.once('error', reject);
      proc.once('exit', (code) => {
        if (this.aborted) {
          const err = new Error('aborted');
          err.name = 'AbortError';
          return reject(err);
        }
        if (code !== 0) {
          const err = new Error(`pocketsphinx_continuous exited with ${code}`);
          log.error({ err }, 'pocketsphinx failed');
          return reject(err);
        }
        resolve(this.lines().join(' '));
      });
    });
    this.done.catch(() => {});
    signal?.addEventListener('abort', () => this.abort(), { once: true });
  }

  private lines(): string[] {
    return this.out
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  }

  /** The segments the decoder has finished so far (its own voice detection ended each). */
  partial(): string {
    const full = this.out.endsWith('\n') ? this.out : this.out.slice(0, this.out.lastIndexOf('\n') + 1);
    return full
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
  }

  write(pcm: Int16Array): void {
    if (this.ended || this.aborted) return;
    const up = resample(pcm, SAMPLE_RATE, 16000);
    this.proc.stdin!.write(Buffer.from(up.buffer, up.byteOffset, up.byteLength));
  }

  finish(): Promise<string> {
    if (!this.ended) {
      this.ended = true;
      this.proc.stdin!.end();
      const timer = setTimeout(() => kill(this.proc), FINISH_TIMEOUT_MS);
      timer.unref();
      void this.done.finally(() => clearTimeout(timer)).catch(() => {});
    }
    return this.done;
  }

  abort(): void {
    if (this.proc.exitCode != null) return;
    this.aborted = true;
    this.ended = true;
    kill(this.proc);
  }
}
