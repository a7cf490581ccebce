import { Step } from './Step.tsx';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  createOnboardingSaver,
  initOnboarding,
  ONBOARD_QUERY_KEYS,
  ONBOARDING_STEPS,
  onboardingReducer,
  type OnboardingEvent,
  type OnboardingState,
} from '@switchboard/core/rules/onboarding';
import { OverlayFrame } from '../../../../overlays/OverlayFrame.tsx';
import { confirm } from '../../../../shell/confirm.tsx';
import { Button } from '../../../../ui/index.ts';
import { useInvalidateAgents, useSaveOnboarding, useTemplates } from '../../api.ts';
import { useRefreshAccount } from '../../../../api/hooks.ts';
import { prefilledFields } from '../../prefill.ts';

const TITLES: Record<OnboardingState['activeStep'], string> = {
  WELCOME: 'Welcome',
  SELECT_TEMPLATE: 'Choose a template',
  SETUP_TEMPLATE: 'Tell us about your business',
  SETUP_INTEGRATIONS: 'Connect your tools',
  GENERATE_AGENT: 'Create your agent',
  SELECT_VOICE: 'Pick a voice',
  SELECT_TIMEZONE: 'Set your timezone',
  EDIT_AGENT: 'Review the instructions',
  TEST_AGENT: 'Try your agent',
  CHOOSE_NUMBER: 'Choose a number',
  SCHEDULE_CALL: 'Talk with an expert',
};

export function Wizard({
  target,
  saved,
  params,
  accountName,
}: {
  target: number | null;
  saved: unknown;
  params: URLSearchParams;
  accountName: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const refreshAccount = useRefreshAccount();
  const saveOnboarding = useSaveOnboarding().mutateAsync;
  const invalidateAgents = useInvalidateAgents();
  const [state, setState] = useState<OnboardingState>(() =>
    initOnboarding(saved, {
      onboard: params.get('onboard'),
      activeStep: params.get('activeStep'),
      fieldIndex: params.get('fieldIndex'),
      integrationIndex: params.get('integrationIndex'),
    }),
  );
  const saver = useMemo(
    () =>
      createOnboardingSaver((s) =>
        saveOnboarding({ target, onboarding: s }).then(
          () => undefined,
          (e: unknown) => console.warn('onboarding save failed', e), // settings save failures are only logged (spec §7)
        ),
      ),
    [saveOnboarding, target],
  );
  useEffect(() => () => saver.flush(), [saver]);
  const first = useRef(true);

  // Show the state in the address (replace: steps are not history entries).
  useEffect(() => {
    if (first.current) {
      first.current = false;
    }
    const q = new URLSearchParams(location.search);
    if (!q.has('onboard')) return;
    const want = { activeStep: state.activeStep, fieldIndex: String(state.fieldIndex), integrationIndex: String(state.integrationIndex) };
    if (Object.entries(want).every(([k, v]) => q.get(k) === v)) return;
    for (const [k, v] of Object.entries(want)) q.set(k, v);
    navigate({ pathname: location.pathname, search: `?${q}` }, { replace: true, state: location.state });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.activeStep, state.fieldIndex, state.integrationIndex]);

  const send = (event: OnboardingEvent, delay?: number) => {
    const { state: next, effects } = onboardingReducer(state, event);
    setState(next);
    if (effects.refreshOrganization) {
      // Save now, then refresh the organization so it reads the completed onboarding.
      saver.cancel();
      void saveOnboarding({ target, onboarding: next })
        .catch((e: unknown) => console.warn('onboarding save failed', e))
        .then(() => refreshAccount());
    } else saver.schedule(next, delay);
    if (effects.removeQuery) {
      saver.flush();
      const q = new URLSearchParams(location.search);
      for (const k of ONBOARD_QUERY_KEYS) q.delete(k);
      const s = q.toString();
      navigate({ pathname: location.pathname, search: s ? `?${s}` : '' }, { replace: true });
    }
    return next;
  };

  const templates = useTemplates(target);
  const template = templates.data?.templates.find((t) => t.templateId === state.templateId) ?? null;
  const stepNo = ONBOARDING_STEPS.indexOf(state.activeStep);

  // The template's business-name question starts with the account's name (saved like a typed answer).
  const needsName =
    state.activeStep === 'SETUP_TEMPLATE' &&
    !!template &&
    state.templateFields.businessName === undefined &&
    Object.keys(prefilledFields(template, { displayName: accountName })).length > 0;
  useEffect(() => {
    if (needsName) send({ type: 'SET_FIELD', name: 'businessName', value: accountName.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsName]);

  // After Next or Back the new step's first field takes the focus (else the step itself), so keyboard
  // and screen-reader users continue where the content changed.
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const el = stepRef.current;
    if (
      !el ||
      (el.contains(document.activeElement) && document.activeElement !== el && document.activeElement?.matches('input, textarea, select'))
    )
      return;
    (el.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select') ?? el).focus();
  }, [state.activeStep, state.fieldIndex, state.integrationIndex]);

  // One Back button: inside the question steps it goes to the previous question first.
  const back = () => {
    if (state.activeStep === 'SETUP_TEMPLATE' && state.fieldIndex > 0)
      return send({ type: 'SET_FIELD_INDEX', fieldIndex: state.fieldIndex - 1 });
    if (state.activeStep === 'SETUP_INTEGRATIONS' && state.integrationIndex > 0)
      return send({ type: 'SET_INTEGRATION_INDEX', integrationIndex: state.integrationIndex - 1 });
    return send({ type: 'BACK' });
  };

  const exit = async () => {
    const ok = await confirm({
      title: 'Leave the setup?',
      message: 'Your answers so far are discarded. Your agent keeps what was already saved.',
      confirmText: 'Leave',
      confirmColor: 'danger',
    });
    if (ok) send({ type: 'EXIT' }, 0);
  };

  return (
    <OverlayFrame title={TITLES[state.activeStep]} description={`Step ${stepNo + 1} of ${ONBOARDING_STEPS.length}`} size="lg">
      <div className="space-y-5" data-testid="onboarding" data-step={state.activeStep}>
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div
            className="h-full rounded-full bg-brand-600 transition-all"
            style={{ width: `${((stepNo + 1) / ONBOARDING_STEPS.length) * 100}%` }}
          />
        </div>
        <div ref={stepRef} tabIndex={-1} aria-label={TITLES[state.activeStep]} className="focus:outline-none">
          <Step
            state={state}
            send={send}
            target={target}
            template={template}
            templatesLoading={templates.isLoading}
            onChanged={invalidateAgents}
            accountName={accountName}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {state.activeStep !== 'WELCOME' && (
            <Button size="sm" variant="ghost" onClick={back}>
              <ArrowLeft className="size-4" aria-hidden /> Back
            </Button>
          )}
          <div className="ml-auto flex gap-2">
            {state.activeStep !== 'WELCOME' && (
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'RESTART' })}>
                <RotateCcw className="size-4" aria-hidden /> Start over
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => void exit()}>
              Exit setup
            </Button>
          </div>
        </div>
      </div>
    </OverlayFrame>
  );
}
