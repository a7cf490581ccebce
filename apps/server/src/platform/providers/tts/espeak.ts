import { execFile } from 'node:child_process';
import type { Logger } from 'pino';
import { fromWav, resample, SAMPLE_RATE } from '../../audio/index.ts';
import type { TtsProvider } from './index.ts';

/**
 * Offline synthesis with eSpeak NG (Debian: espeak-ng, GPL-3.0, run as a separate program): `espeak-ng
 * --stdout` writes a 22.05 kHz WAV, resampled here to the telephone's 8 kHz.
 */
export class EspeakTts implements TtsProvider {
  readonly name = 'espeak-ng';
  readonly reusable = true;
  constructor(
    private readonly log: Logger,
    private readonly voice = 'en-us',
  ) {}

  async synthesize(text: string, signal?: AbortSignal): Promise<Int16Array> {
    const wav = await new Promise<Buffer>((resolve, reject) => {
      execFile(
        'espeak-ng',
        ['-v', this.voice, '--stdout', '--', text],
        { encoding: 'buffer', timeout: 30_000, signal, maxBuffer: 32 * 1024 * 1024 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      );
    }).catch((err: Error) => {
      if (err.name !== 'AbortError') this.log.error({ err }, 'espeak-ng failed');
      throw err;
    });
    const { pcm, rate } = fromWav(wav);
    return resample(pcm, rate, SAMPLE_RATE);
  }
}
