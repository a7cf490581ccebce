import { useEffect, useState } from 'react';
import { voiceSettings, type STT_ENGINES, type TTS_ENGINES, type VoiceSettings } from '@switchboard/core/contracts/agents';
import { Field, Input } from '../../../ui/index.ts';
import { Section, selectClass } from '../parts.tsx';
import type { AgentEditorModel } from '../useAgentEditor.ts';

const STT_LABELS: Record<(typeof STT_ENGINES)[number], string> = {
  auto: 'Automatic (best available on the server)',
  deepgram: 'Deepgram (streaming)',
  openai: 'OpenAI transcription',
  pocketsphinx: 'pocketsphinx (offline)',
};
const TTS_LABELS: Record<(typeof TTS_ENGINES)[number], string> = {
  auto: 'Automatic (best available on the server)',
  elevenlabs: 'ElevenLabs',
  openai: 'OpenAI speech',
  'espeak-ng': 'eSpeak NG (offline)',
};

type NumberKey = 'vadThreshold' | 'confirmMs' | 'endOfTurnMs';
const NUMBERS: { key: NumberKey; label: string; hint: string }[] = [
  { key: 'endOfTurnMs', label: 'End of turn (ms of silence)', hint: 'How long the caller is silent before the agent answers (200–3000).' },
  { key: 'confirmMs', label: 'Interrupt after (ms of speech)', hint: 'Caller speech this long stops the agent mid-sentence (40–1000).' },
  {
    key: 'vadThreshold',
    label: 'Speech threshold (level)',
    hint: 'Louder than this counts as speech; raise it for noisy lines (50–8000).',
  },
];

/** A number field that only passes values the server accepts, and says what is wrong otherwise. */
function NumberSetting({
  label,
  hint,
  value,
  onValid,
  field,
}: {
  label: string;
  hint: string;
  value: number;
  field: NumberKey;
  onValid: (n: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(value)), [value]);
  return (
    <Field label={label} hint={hint} error={error ?? undefined}>
      {(a11y) => (
        <Input
          {...a11y}
          type="number"
          inputMode="numeric"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const r = voiceSettings.shape[field].safeParse(Number(e.target.value));
            if (e.target.value.trim() === '' || !r.success) return setError(r.error?.issues[0]?.message ?? 'Please enter a number.');
            setError(null);
            onValid(r.data);
          }}
        />
      )}
    </Field>
  );
}

function EngineSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (v: T) => void;
}) {
  return (
    <Field label={label}>
      {(a11y) => (
        <select {...a11y} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {(Object.keys(options) as T[]).map((v) => (
            <option key={v} value={v}>
              {options[v]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** How the agent listens and speaks on calls: its speech engines, end of turn and interruption. */
export function CallSettings({ model }: { model: AgentEditorModel }) {
  const s = model.draft!.voiceSettings;
  const set = (patch: Partial<VoiceSettings>) => model.update({ voiceSettings: { ...s, ...patch } });
  return (
    <Section
      title="Call settings"
      description="Speech engines and turn-taking on phone and test calls. An engine whose key is not set on the server is named in the call."
    >
      <div className="grid gap-4 @lg:grid-cols-2">
        <EngineSelect label="Speech recognition" value={s.sttEngine} options={STT_LABELS} onChange={(sttEngine) => set({ sttEngine })} />
        <EngineSelect label="Speech synthesis" value={s.ttsEngine} options={TTS_LABELS} onChange={(ttsEngine) => set({ ttsEngine })} />
      </div>
      <div className="grid gap-4 @lg:grid-cols-3">
        {NUMBERS.map((n) => (
          <NumberSetting key={n.key} field={n.key} label={n.label} hint={n.hint} value={s[n.key]} onValid={(v) => set({ [n.key]: v })} />
        ))}
      </div>
    </Section>
  );
}
