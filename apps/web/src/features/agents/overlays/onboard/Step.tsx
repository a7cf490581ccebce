import type { Send } from './send.ts';
import { Choice } from './Choice.tsx';
import { IntegrationsStep } from './IntegrationsStep.tsx';
import { GenerateStep } from './GenerateStep.tsx';
import { VoiceStep } from './VoiceStep.tsx';
import { TimezoneStep } from './TimezoneStep.tsx';
import { EditStep } from './EditStep.tsx';
import { TestStep } from './TestStep.tsx';
import { FinishStep } from './FinishStep.tsx';
import { LayoutTemplate, Sparkles } from 'lucide-react';
import type { AgentTemplate } from '@switchboard/core/contracts/agents';
import { ChooseNumberStep } from '../../../numbers/index.ts';
import { type OnboardingState } from '@switchboard/core/rules/onboarding';
import { Button, ErrorState, LoadingBlock } from '../../../../ui/index.ts';
import { TemplateFieldStep, TemplateGallery } from '../../TemplateSetup.tsx';

export function Step({
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
