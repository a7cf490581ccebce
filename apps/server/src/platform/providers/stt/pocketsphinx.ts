import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { resample, SAMPLE_RATE, toWav } from '../../audio/index.ts';
import type { SttProvider } from './index.ts';

/**
 * Offline recognition with CMU pocketsphinx (Debian: pocketsphinx, pocketsphinx-en-us). Its US English
 * model is trained on 16 kHz audio, so the 8 kHz utterance is upsampled, written to a WAV file and
 * decoded with `pocketsphinx_continuous -infile`; the hypothesis lines on stdout are the text.
 */
export class PocketsphinxStt implements SttProvider {
  readonly name = 'pocketsphinx';
  constructor(
    private readonly log: Logger,
    private readonly bin = 'pocketsphinx_continuous',
  ) {}

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-stt-'));
    const file = path.join(dir, 'utterance.wav');
    try {
      await fs.writeFile(file, toWav(resample(pcm, SAMPLE_RATE, 16000), 16000));
      const out = await new Promise<string>((resolve, reject) => {
        execFile(this.bin, ['-infile', file, '-logfn', '/dev/null'], { timeout: 30_000, signal }, (err, stdout) =>
          err ? reject(err) : resolve(stdout),
        );
      });
      return out
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
    } catch (err) {
      if ((err as Error).name !== 'AbortError') this.log.error({ err }, 'pocketsphinx failed');
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
