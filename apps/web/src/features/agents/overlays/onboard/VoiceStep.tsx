import type { Send } from './send.ts';
import { ArrowRight, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { Button, cn, Field } from '../../../../ui/index.ts';
import { useSaveAgentFields } from '../../api.ts';
import { LANGUAGES, playVoiceSample, VOICES } from '../../options.ts';
import { selectClass } from '../../parts.tsx';

export function VoiceStep({ send, target }: { send: Send; target: number | null }) {
  const [voice, setVoice] = useState('alloy');
  const [language, setLanguage] = useState('en-US');
  const [busy, setBusy] = useState(false);
  const save = useSaveAgentFields(target).mutateAsync;
  return (
    <div className="space-y-4">
      <Field label="Language">
        {(a11y) => (
          <select {...a11y} className={selectClass} value={language} onChange={(e) => setLanguage(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ul className="grid gap-2 sm:grid-cols-3" role="radiogroup" aria-label="Voice">
        {VOICES.map((v) => (
          <li key={v.value}>
            <div
              role="radio"
              aria-checked={voice === v.value}
              tabIndex={0}
              onKeyDown={(e) => (e.key === ' ' || e.key === 'Enter') && setVoice(v.value)}
              onClick={() => setVoice(v.value)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-xl border p-3',
                voice === v.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{v.label}</p>
                <p className="text-xs text-slate-600">{v.description}</p>
              </div>
              <Button
                size="2xs"
                variant="ghost"
                aria-label={`Play ${v.label}`}
                onClick={(e) => (e.stopPropagation(), playVoiceSample(v.value, language, `Hi, I'm ${v.label}. How can I help you today?`))}
              >
                <Volume2 className="size-4" aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        loading={busy}
        onClick={async () => (setBusy(true), await save({ voice, language }).finally(() => setBusy(false)), send({ type: 'NEXT' }))}
      >
        Continue <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
