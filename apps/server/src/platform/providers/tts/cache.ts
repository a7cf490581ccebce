import type { TtsProvider } from './index.ts';

/** Sentences longer than this are not kept (what repeats is short: greetings, fixed questions and phrases). */
const MAX_CHARS = 240;
/** Sentences kept per engine, the least recently spoken dropped first. */
const MAX_ENTRIES = 500;

/**
 * Speech already made, per engine (the provider object, so two engines never share audio) and voice:
 * a greeting or fixed phrase is synthesized once and then played at once on every call.
 */
export class TtsCache {
  private readonly byEngine = new WeakMap<TtsProvider, Map<string, Int16Array>>();

  private key = (voice: string | undefined, text: string) => `${voice ?? ''}\u0000${text}`;

  get(tts: TtsProvider, voice: string | undefined, text: string): Int16Array | undefined {
    const m = this.byEngine.get(tts);
    const k = this.key(voice, text);
    const pcm = m?.get(k);
    if (pcm && m) {
      // Most recently used last.
      m.delete(k);
      m.set(k, pcm);
    }
    return pcm;
  }

  set(tts: TtsProvider, voice: string | undefined, text: string, pcm: Int16Array): void {
    if (text.length > MAX_CHARS || pcm.length === 0) return;
    let m = this.byEngine.get(tts);
    if (!m) this.byEngine.set(tts, (m = new Map()));
    m.set(this.key(voice, text), pcm);
    while (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!);
  }
}

/** The server's one cache of made speech. */
export const ttsCache = new TtsCache();
