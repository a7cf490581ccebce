import type { VoiceSettings } from '@switchboard/core';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db.ts';
import { createSttEngines, defaultStt, STT_UNAVAILABLE, type SttEngine, type SttProvider } from '../../../platform/providers/stt/index.ts';
import { createTtsEngines, defaultTts, TTS_UNAVAILABLE, type TtsEngine, type TtsProvider } from '../../../platform/providers/tts/index.ts';
import { voiceSettingsOf } from '../../agents/index.ts';
import type { VoiceEngines } from './media.ts';
import { DEFAULT_VAD, type VadSettings } from './vad.ts';

export type SttEngines = Partial<Record<SttEngine, SttProvider>>;
export type TtsEngines = Partial<Record<TtsEngine, TtsProvider>>;

/**
 * Every speech engine this server can use, the pair an agent on 'auto' gets, and how a call finds its
 * agent's settings: a test call from the editor the staging copy's, a phone call production's.
 */
export function createVoiceEngines(deps: { config: Config; log: Logger; db: DbOrTx }): VoiceEngines {
  const { config, log, db } = deps;
  const sttEngines = createSttEngines(config, log);
  const ttsEngines = createTtsEngines(config, log);
  return {
    stt: defaultStt(sttEngines, log),
    tts: defaultTts(ttsEngines, log),
    sttEngines,
    ttsEngines,
    settingsFor: (call) => voiceSettingsOf(db, call.agent_id, call.direction === 'web' ? 'staging' : 'default'),
  };
}

export type AgentVoice = VoiceSettings & { voice: string };

/** What one call runs with: the agent's chosen engines (or why they are missing), its voice and VAD. */
export interface CallEngines {
  stt: SttProvider | null;
  tts: TtsProvider | null;
  /** Why an engine the agent chose is absent (replaces the generic 'install…' notice). */
  sttMissing?: string;
  ttsMissing?: string;
  voice?: string;
  vad: VadSettings;
}

export function enginesFor(engines: VoiceEngines, s: AgentVoice | null): CallEngines {
  if (!s) return { stt: engines.stt, tts: engines.tts, vad: DEFAULT_VAD };
  const stt = s.sttEngine === 'auto' ? engines.stt : (engines.sttEngines?.[s.sttEngine] ?? null);
  const tts = s.ttsEngine === 'auto' ? engines.tts : (engines.ttsEngines?.[s.ttsEngine] ?? null);
  return {
    stt,
    tts,
    ...(!stt && s.sttEngine !== 'auto' ? { sttMissing: STT_UNAVAILABLE[s.sttEngine] } : {}),
    ...(!tts && s.ttsEngine !== 'auto' ? { ttsMissing: TTS_UNAVAILABLE[s.ttsEngine] } : {}),
    voice: s.voice,
    vad: { ...DEFAULT_VAD, threshold: s.vadThreshold, confirmMs: s.confirmMs, endSilenceMs: s.endOfTurnMs },
  };
}

/** The cloud ("advanced") voices: a phone call whose speech any of them synthesized counts as `advancedVoice` minutes. */
export const ADVANCED_TTS: ReadonlySet<string> = new Set<TtsEngine>(['openai', 'elevenlabs']);

/** The usage item of a phone call's minutes, from the speech engines it used: `advancedVoice` when a cloud voice spoke, else `voice`. */
export function voiceUsageItem(enginesUsed: Iterable<string>): 'voice' | 'advancedVoice' {
  for (const name of enginesUsed) if (ADVANCED_TTS.has(name)) return 'advancedVoice';
  return 'voice';
}
