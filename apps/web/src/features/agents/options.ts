/** Choices the editor and the onboarding wizard offer. */
export const LANGUAGES = [
  { value: 'en-US', label: 'English (US)' },
  { value: 'en-GB', label: 'English (UK)' },
  { value: 'es-ES', label: 'Spanish' },
  { value: 'fr-FR', label: 'French' },
  { value: 'de-DE', label: 'German' },
  { value: 'it-IT', label: 'Italian' },
  { value: 'pt-BR', label: 'Portuguese (Brazil)' },
  { value: 'nl-NL', label: 'Dutch' },
];

export const VOICES = [
  { value: 'alloy', label: 'Alloy', description: 'Balanced and clear', pitch: 1, rate: 1 },
  { value: 'nova', label: 'Nova', description: 'Bright and friendly', pitch: 1.3, rate: 1.05 },
  { value: 'shimmer', label: 'Shimmer', description: 'Soft and warm', pitch: 1.15, rate: 0.95 },
  { value: 'echo', label: 'Echo', description: 'Calm and low', pitch: 0.8, rate: 0.95 },
  { value: 'onyx', label: 'Onyx', description: 'Deep and steady', pitch: 0.6, rate: 0.9 },
  { value: 'fable', label: 'Fable', description: 'Lively storyteller', pitch: 1.1, rate: 1.1 },
];

export function timezones(): string[] {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [
      'UTC',
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'Europe/London',
      'Europe/Paris',
      'Asia/Tokyo',
    ];
  }
}

export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';

/** Plays a sample of a voice with the browser's speech (the real voice comes with telephony). */
export function playVoiceSample(voice: string, language: string, text: string): boolean {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return false;
  const v = VOICES.find((x) => x.value === voice) ?? VOICES[0]!;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = language;
  u.pitch = v.pitch;
  u.rate = v.rate;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
  return true;
}
