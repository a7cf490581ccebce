import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { EspeakTts } from './espeak.ts';

/** Text-to-speech: one sentence in, 8 kHz 16-bit PCM out. */
export interface TtsProvider {
  readonly name: string;
  synthesize(text: string, signal?: AbortSignal): Promise<Int16Array>;
}

export const TTS_MISSING = 'Speech synthesis is not installed: install the Debian package espeak-ng.';

/** Whether an executable is on PATH. */
export function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, bin), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The local default: espeak-ng when installed, else none (the call shows text and says which package to add). */
export function createTts(log: Logger): TtsProvider | null {
  if (onPath('espeak-ng')) return new EspeakTts(log);
  log.warn(TTS_MISSING);
  return null;
}
