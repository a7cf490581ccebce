import type { Logger } from 'pino';
import { onPath } from '../tts/index.ts';
import { PocketsphinxStt } from './pocketsphinx.ts';

/** Speech-to-text: one utterance (8 kHz 16-bit PCM, endpointed by the call session) in, its text out. */
export interface SttProvider {
  readonly name: string;
  transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string>;
}

/** What a call says when no speech recognition engine is present. */
export const STT_MISSING = 'Speech recognition is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us.';

/** The local default: pocketsphinx when installed, else none (the call says which package to add). */
export function createStt(log: Logger): SttProvider | null {
  if (onPath('pocketsphinx_continuous')) return new PocketsphinxStt(log);
  log.warn(STT_MISSING);
  return null;
}
