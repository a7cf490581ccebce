import { CheckCircle2, Circle } from 'lucide-react';
import {
  autoCompleteWalkthrough,
  finishWalkthroughStep,
  nextWalkthroughStep,
  parseWalkthrough,
  startWalkthroughStep,
  WALKTHROUGH_STEPS,
  type WalkthroughState,
  type WalkthroughStep,
} from '@switchboard/core/rules/walkthrough';
import { useSaveWalkthrough } from './api.ts';
import { useRefreshAccount, type AccountView } from '../../api/hooks.ts';
import { useOpenOverlay } from '../../overlays/open.ts';
import { Button, Card, cn } from '../../ui/index.ts';
import { useActingTarget } from '../accounts/api.ts';

const STEPS: Record<WalkthroughStep, { title: string; text: string; overlay: string }> = {
  SETUP_AGENT: { title: 'Set up your agent', text: 'Give it instructions and a greeting.', overlay: 'editAgent' },
  TEST_AGENT: { title: 'Test your agent', text: 'Chat with it to check its answers.', overlay: 'testAgent' },
  ADD_NUMBER: { title: 'Add a phone number', text: 'So customers can call and text it.', overlay: 'selectNumber' },
  FORWARD_CALLS: { title: 'Forward your calls', text: 'Send your existing line to the agent.', overlay: 'forwardingInstructions' },
};

/** The getting-started checklist (spec §4 Walkthrough), kept in settings.walkthrough. */
export function Walkthrough({ account }: { account: AccountView }) {
  const target = useActingTarget();
  const refreshAccount = useRefreshAccount();
  const saveWalkthrough = useSaveWalkthrough(target);
  const open = useOpenOverlay();
  const onboarding = account.settings.onboarding as { onboardingComplete?: boolean } | undefined;
  const saved = parseWalkthrough(account.settings.walkthrough);
  const w = autoCompleteWalkthrough(saved, {
    hasPhoneNumber: Boolean(account.vidaPhoneNumber),
    onboardingComplete: onboarding?.onboardingComplete === true,
    createdAt: account.timestamp,
  });
  const next = nextWalkthroughStep(w);
  if (!next) return null;

  const store = async (state: WalkthroughState) => {
    await saveWalkthrough.mutateAsync(state).catch(() => undefined);
    await refreshAccount();
  };
  const start = async (step: WalkthroughStep) => {
    void store(startWalkthroughStep(w, step));
    open(step === 'SETUP_AGENT' && !onboarding?.onboardingComplete ? 'onboard' : STEPS[step].overlay);
  };

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-base font-semibold text-slate-900">Getting started</h2>
        <span className="text-sm text-slate-500">
          {w.completed.length} of {WALKTHROUGH_STEPS.length} done
        </span>
        <Button size="xs" onClick={() => void start(next)}>
          Start next
        </Button>
      </div>
      <ol className="mt-3 divide-y divide-slate-100" aria-label="Getting started steps">
        {WALKTHROUGH_STEPS.map((s) => {
          const done = w.completed.includes(s);
          return (
            <li key={s} className="flex items-center gap-3 py-2.5" data-testid={`walkthrough-${s}`} data-done={done}>
              {done ? (
                <CheckCircle2 className="size-5 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle className="size-5 text-slate-300" aria-label="Not done" />
              )}
              <div className="min-w-0 flex-1">
                <p className={cn('text-sm font-medium', done ? 'text-slate-500 line-through' : 'text-slate-900')}>{STEPS[s].title}</p>
                <p className="text-xs text-slate-500">{STEPS[s].text}</p>
              </div>
              {!done && (
                <div className="flex gap-1">
                  <Button size="2xs" variant="secondary" onClick={() => void start(s)}>
                    Start
                  </Button>
                  <Button size="2xs" variant="ghost" onClick={() => void store(finishWalkthroughStep(w, s))}>
                    Mark done
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
