// Over 400 lines: the wizard and its eleven step panels share one local state machine (`send`) and its
// types; each step is a small component below. Splitting the steps into onboard/<Step>.tsx is the next
// step when the wizard changes again.
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Bot, LayoutTemplate, RotateCcw, Sparkles, Volume2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AgentTemplate } from '@switchboard/core/contracts/agents';
import { ChooseNumberStep } from '../../numbers/index.ts';
import {
  createOnboardingSaver,
  initOnboarding,
  ONBOARD_QUERY_KEYS,
  ONBOARDING_STEPS,
  onboardingReducer,
  type OnboardingEvent,
  type OnboardingState,
} from '@switchboard/core/rules/onboarding';
import { ApiError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { confirm } from '../../../shell/confirm.tsx';
import { notify } from '../../../shell/toast.tsx';
import { Button, cn, ErrorState, Field, Input, LoadingBlock, Textarea } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/api.ts';
import { AgentEditor, EditorBar } from '../AgentEditor.tsx';
import { agentCalls, useInvalidateAgents, useModelStatus, useTemplates } from '../api.ts';
import { TimezonePicker } from '../components/TimezonePicker.tsx';
import { browserTimezone, LANGUAGES, playVoiceSample, VOICES } from '../options.ts';
import { selectClass } from '../parts.tsx';
import { TemplateFieldStep, TemplateGallery } from '../TemplateSetup.tsx';
import { TestChat } from '../TestChat.tsx';
import { ModelStatusLine } from '../components/ModelConnection.tsx';
import { prefilledFields } from '../prefill.ts';
import { useAgentEditor } from '../useAgentEditor.ts';

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

/**
 * ?onboard: the onboarding wizard (spec §4), driven by the core state machine. The state is saved to
 * settings.onboarding (debounced 1000 ms) and shown in the address (activeStep, fieldIndex, integrationIndex).
 */
export default function Onboard({ params }: OverlayProps) {
  const acting = useActingAccount();
  if (acting.isError)
    return (
      <OverlayFrame title="Get started">
        <ErrorState message={(acting.error as Error).message} />
      </OverlayFrame>
    );
  if (!acting.data)
    return (
      <OverlayFrame title="Get started">
        <LoadingBlock />
      </OverlayFrame>
    );
  return <Wizard target={acting.target} saved={acting.data.settings.onboarding} params={params} accountName={acting.data.displayName} />;
}

function Wizard({
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
  const qc = useQueryClient();
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
        agentCalls.saveOnboarding(target, s).then(
          () => undefined,
          (e: unknown) => console.warn('onboarding save failed', e), // settings save failures are only logged (spec §7)
        ),
      ),
    [target],
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
      void agentCalls
        .saveOnboarding(target, next)
        .catch((e: unknown) => console.warn('onboarding save failed', e))
        .then(() => qc.invalidateQueries({ queryKey: ['account'] }));
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

type Send = (e: OnboardingEvent, delay?: number) => OnboardingState;

function Step({
  state,
  send,
  target,
  template,
  templatesLoading,
  onChanged,
  accountName,
}: {
  state: OnboardingState;
  send: Send;
  target: number | null;
  template: AgentTemplate | null;
  templatesLoading: boolean;
  onChanged: () => void;
  accountName: string;
}) {
  switch (state.activeStep) {
    case 'WELCOME':
      return (
        <div className="space-y-4">
          <p className="text-slate-600">Let’s build the AI agent that answers your calls and messages. It takes about three minutes.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Choice
              icon={<LayoutTemplate className="size-5" />}
              title="Start from a template"
              text="Receptionist, appointment setter, restaurant host and more."
              onClick={() => send({ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' })}
            />
            <Choice
              icon={<Sparkles className="size-5" />}
              title="Build from scratch"
              text="Describe your business and we write the first instructions."
              onClick={() => send({ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' })}
            />
          </div>
        </div>
      );
    case 'SELECT_TEMPLATE':
      return (
        <TemplateGallery
          target={target}
          selected={state.templateId}
          onSelect={(t) =>
            send({ type: 'SELECT_TEMPLATE', templateId: t.templateId, integrations: t.templateIntegrations.map((i) => i.slug) })
          }
        />
      );
    case 'SETUP_TEMPLATE':
      if (templatesLoading) return <LoadingBlock />;
      if (!template)
        return (
          <ErrorState
            message="That template is no longer available."
            action={<Button onClick={() => send({ type: 'DISCARD_TEMPLATE' })}>Choose another</Button>}
          />
        );
      return (
        <TemplateFieldStep
          template={template}
          values={state.templateFields}
          fieldIndex={state.fieldIndex}
          onChange={(name, value) => send({ type: 'SET_FIELD', name, value })}
          onIndex={(i) => send({ type: 'SET_FIELD_INDEX', fieldIndex: i })}
          onDone={() =>
            send(state.templateIntegrations.length ? { type: 'GO_TO', step: 'SETUP_INTEGRATIONS' } : { type: 'FINISH_TEMPLATE_FIELDS' })
          }
          onDiscard={() => send({ type: 'DISCARD_TEMPLATE' })}
          showBack={false}
          doneLabel="Continue"
        />
      );
    case 'SETUP_INTEGRATIONS':
      return <IntegrationsStep state={state} send={send} template={template} target={target} />;
    case 'GENERATE_AGENT':
      return <GenerateStep state={state} send={send} target={target} onChanged={onChanged} accountName={accountName} />;
    case 'SELECT_VOICE':
      return <VoiceStep send={send} target={target} />;
    case 'SELECT_TIMEZONE':
      return <TimezoneStep send={send} target={target} />;
    case 'EDIT_AGENT':
      return <EditStep send={send} target={target} />;
    case 'TEST_AGENT':
      return <TestStep send={send} target={target} />;
    case 'CHOOSE_NUMBER':
      return <ChooseNumberStep target={target} onDone={() => send({ type: 'NEXT' })} />;
    case 'SCHEDULE_CALL':
      return <FinishStep send={send} target={target} />;
  }
}

function Choice({ icon, title, text, onClick }: { icon: React.ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-xl border border-slate-200 p-4 text-left transition hover:border-brand-400 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
        {icon}
      </span>
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </button>
  );
}

function IntegrationsStep({
  state,
  send,
  template,
  target,
}: {
  state: OnboardingState;
  send: Send;
  template: { templateIntegrations: { slug: string; name: string; description?: string }[] } | null;
  target: number | null;
}) {
  const list = template?.templateIntegrations ?? [];
  const i = Math.min(state.integrationIndex, Math.max(0, list.length - 1));
  const item = list[i];
  const [value, setValue] = useState('');
  const next = () =>
    i + 1 < list.length ? send({ type: 'SET_INTEGRATION_INDEX', integrationIndex: i + 1 }) : send({ type: 'FINISH_TEMPLATE_FIELDS' });
  if (!item) {
    return <Button onClick={() => send({ type: 'FINISH_TEMPLATE_FIELDS' })}>Continue</Button>;
  }
  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (value.trim()) await agentCalls.saveIntegration(target, item.slug, { account: value.trim(), enabled: true });
        setValue('');
        next();
      }}
    >
      <p className="text-xs font-medium text-slate-500">
        Integration {i + 1} of {list.length}
      </p>
      <p className="font-semibold text-slate-900">{item.name}</p>
      {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
      <Field label={`${item.name} account (optional)`}>
        {(a11y) => <Input {...a11y} value={value} onChange={(e) => setValue(e.target.value)} placeholder="e.g. you@business.com" />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit">{value.trim() ? 'Connect and continue' : 'Skip for now'}</Button>
      </div>
    </form>
  );
}

function GenerateStep({
  state,
  send,
  target,
  onChanged,
  accountName,
}: {
  state: OnboardingState;
  send: Send;
  target: number | null;
  onChanged: () => void;
  accountName: string;
}) {
  const [description, setDescription] = useState('');
  const [business, setBusiness] = useState(accountName);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fromTemplate = state.method === 'BUILD_FROM_TEMPLATE' && state.templateId;

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.fieldMessage : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (fromTemplate) {
    return (
      <div className="space-y-4">
        <p className="text-slate-600">We’ll make your agent from the template with your answers.</p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button
          loading={busy}
          onClick={() =>
            void run(async () => {
              await agentCalls.createFromTemplate(target, state.templateId, state.templateFields);
              onChanged();
              send({ type: 'NEXT' }, 0);
            })
          }
        >
          <Bot className="size-4" aria-hidden /> Create my agent
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {draft == null ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const r = await agentCalls.generateInstructions(target, description, business || undefined);
              setDraft(r.agentInstructions);
            });
          }}
        >
          <Field label="Business name">
            {(a11y) => <Input {...a11y} value={business} onChange={(e) => setBusiness(e.target.value)} placeholder="Bright Dental" />}
          </Field>
          <Field label="What does your business do, and what should the agent handle?" error={error}>
            {(a11y) => (
              <Textarea
                {...a11y}
                rows={5}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="We are a family dental practice open 9 to 5 on weekdays. The agent should book check-ups and answer questions about prices."
              />
            )}
          </Field>
          <Button type="submit" loading={busy} disabled={!description.trim()}>
            <Sparkles className="size-4" aria-hidden /> Write my agent
          </Button>
        </form>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await agentCalls.saveCampaign(target, {
                agentInstructions: draft,
                apps: [
                  { appId: 'messages', version: '1' },
                  { appId: 'schedule', version: '1' },
                ],
                enabledFunctions: { 'messages:1': ['take_message'], 'schedule:1': ['book_appointment'] },
              });
              onChanged();
              send({ type: 'NEXT' }, 0);
            });
          }}
        >
          <Field label="Your agent’s instructions" error={error} hint="Edit anything you like; you can change it later.">
            {(a11y) => <Textarea {...a11y} rows={9} value={draft} onChange={(e) => setDraft(e.target.value)} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" loading={busy}>
              Use these instructions
            </Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              Start again
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function useSaveField(target: number | null) {
  const invalidate = useInvalidateAgents();
  return async (body: Record<string, unknown>) => {
    await agentCalls.saveCampaign(target, body);
    await invalidate();
  };
}

function VoiceStep({ send, target }: { send: Send; target: number | null }) {
  const [voice, setVoice] = useState('alloy');
  const [language, setLanguage] = useState('en-US');
  const [busy, setBusy] = useState(false);
  const save = useSaveField(target);
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

function TimezoneStep({ send, target }: { send: Send; target: number | null }) {
  const [tz, setTz] = useState(browserTimezone());
  const [busy, setBusy] = useState(false);
  const save = useSaveField(target);
  return (
    <div className="space-y-4">
      <Field label="Timezone" hint="The agent uses it for dates and opening hours.">
        {(a11y) => <TimezonePicker id={a11y.id} describedBy={a11y['aria-describedby']} value={tz} onChange={setTz} />}
      </Field>
      <Button
        loading={busy}
        onClick={async () => (setBusy(true), await save({ timezone: tz }).finally(() => setBusy(false)), send({ type: 'NEXT' }))}
      >
        Continue <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

function EditStep({ send, target }: { send: Send; target: number | null }) {
  const model = useAgentEditor(target);
  return (
    <div className="space-y-4">
      <EditorBar model={model} />
      <AgentEditor model={model} target={target} compact />
      <Button
        onClick={async () => {
          if (model.state === 'unsaved') await model.save();
          send({ type: 'NEXT' });
        }}
      >
        Continue <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

function TestStep({ send, target }: { send: Send; target: number | null }) {
  const acting = useActingAccount();
  const model = useModelStatus(target);
  return (
    <div className="space-y-4">
      {/* The truth about which mode customers will meet. */}
      {model.data && (
        <div className="space-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="onboarding-mode">
          <p>
            {model.data.mode === 'messages'
              ? 'No language model is connected, so customers will meet an agent that takes messages: it greets them, asks for their name, how to reach them and what it is about, and hands the conversation to you. Connect a language model for an agent that answers questions and books.'
              : `Customers will meet this agent answering with ${model.data.model ?? 'your language model'}.`}
          </p>
          <ModelStatusLine target={target} compact />
        </div>
      )}
      {acting.data ? <TestChat target={target} agentId={acting.data.id} className="h-80" /> : <LoadingBlock />}
      <Button onClick={() => send({ type: 'NEXT' })}>
        Continue <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

function FinishStep({ send, target }: { send: Send; target: number | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidateAgents();
  return (
    <div className="space-y-4">
      <p className="text-slate-600">Want help getting the most out of your agent? Book a free call with one of our experts.</p>
      <a
        className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
        href="/schedule?host=switchboard&type=onboarding"
        target="_blank"
        rel="noreferrer"
      >
        Schedule a call
      </a>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await agentCalls.publish(target);
              await invalidate();
              notify.success('Your agent is live');
              send({ type: 'COMPLETE' }, 0);
            } catch (e) {
              setError(e instanceof ApiError ? e.message : 'Failed to publish campaign');
            } finally {
              setBusy(false);
            }
          }}
        >
          Publish my agent and finish
        </Button>
      </div>
    </div>
  );
}
