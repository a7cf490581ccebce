import { ArrowRight, PhoneCall } from 'lucide-react';
import { formatPhone } from '@switchboard/core';
import { Button, LoadingBlock } from '../../../ui/index.ts';
import { useNumbers } from '../api.ts';
import { NumberPicker } from './NumberPicker.tsx';

/** Onboarding's CHOOSE_NUMBER: buy the agent's number here (or keep the one it has), then continue. */
export function ChooseNumberStep({ target, onDone }: { target: number | null; onDone: () => void }) {
  const list = useNumbers(target);
  const first = list.data?.phoneNumbers.find((n) => n.status !== 'pending_verification');
  if (list.isLoading) return <LoadingBlock label="Loading numbers" />;
  if (first)
    return (
      <div className="space-y-4">
        <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
          <PhoneCall className="mt-0.5 size-5 text-brand-600" aria-hidden />
          <p className="text-sm text-slate-700">
            Your agent answers calls and texts at <strong className="tabular-nums">{formatPhone(first.number)}</strong>.
          </p>
        </div>
        <Button onClick={onDone}>
          Continue <ArrowRight className="size-4" aria-hidden />
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Pick the number customers call and text. You can add more, or bring your own, later.</p>
      <NumberPicker target={target} />
      <Button variant="ghost" onClick={onDone}>
        Skip for now
      </Button>
    </div>
  );
}
