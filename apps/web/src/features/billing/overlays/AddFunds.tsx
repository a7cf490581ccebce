import { useState } from 'react';
import { CreditCard, Zap } from 'lucide-react';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { cn, tabListKeyDown } from '../../../ui/index.ts';
import { CardTopUpForm } from '../components/CardTopUpForm.tsx';
import { LightningTopUp } from '../components/LightningTopUp.tsx';

const METHODS = [
  { id: 'card', label: 'Card', icon: CreditCard },
  { id: 'lightning', label: 'Lightning', icon: Zap },
] as const;

/** `?addFunds` (`=lightning` opens that tab): add funds to the wallet by card or by Lightning. */
export default function AddFunds({ value }: OverlayProps) {
  const [method, setMethod] = useState<'card' | 'lightning'>(value === 'lightning' ? 'lightning' : 'card');
  return (
    <OverlayFrame title="Add funds" description="Credit in your wallet pays for calls, messages and numbers as you use them." size="sm">
      <div
        role="tablist"
        aria-label="Payment method"
        onKeyDown={tabListKeyDown}
        className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {METHODS.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            id={`addfunds-tab-${m.id}`}
            aria-selected={method === m.id}
            aria-controls={`addfunds-panel-${m.id}`}
            onClick={() => setMethod(m.id)}
            className={cn(
              'flex items-center justify-center gap-2 rounded-md py-2 text-sm font-medium',
              method === m.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <m.icon className="size-4" aria-hidden="true" /> {m.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`addfunds-panel-${method}`} aria-labelledby={`addfunds-tab-${method}`}>
        {method === 'card' ? <CardTopUpForm /> : <LightningTopUp />}
      </div>
    </OverlayFrame>
  );
}
