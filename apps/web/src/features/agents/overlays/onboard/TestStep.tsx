import type { Send } from './send.ts';
import { ArrowRight } from 'lucide-react';
import { Button, LoadingBlock } from '../../../../ui/index.ts';
import { useActingAccount } from '../../../accounts/api.ts';
import { useModelStatus } from '../../api.ts';
import { TestChat } from '../../TestChat.tsx';
import { ModelStatusLine } from '../../components/ModelConnection.tsx';

export function TestStep({ send, target }: { send: Send; target: number | null }) {
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
