import { Check, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';
import type { OverlayProps } from '../registry.ts';

const FEATURES = [
  'Your own phone number, calls and SMS',
  'Unlimited agents and published versions',
  'Priority inbox and human takeover',
  'Team members and usage reports',
];

/** Only paths inside this app; anything else falls back to the billing screen. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** `?upgrade` (+ `upgradeRedirect`): what premium adds, then on to the plan choice. */
export default function Upgrade({ params, close }: OverlayProps) {
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('upgradeRedirect'));
  return (
    <OverlayFrame
      title="Upgrade to Premium"
      description="Everything your agent needs to answer real customers."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Not now
          </Button>
          <Button onClick={() => navigate(redirect ?? `${location.pathname}?billing=true`, { replace: true })}>
            <Sparkles className="size-4" aria-hidden="true" /> Choose a plan
          </Button>
        </>
      }
    >
      <ul className="space-y-3">
        {FEATURES.map((f) => (
          <li key={f} className="flex items-start gap-3 text-sm text-slate-700">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <Check className="size-3.5" aria-hidden="true" />
            </span>
            {f}
          </li>
        ))}
      </ul>
    </OverlayFrame>
  );
}
