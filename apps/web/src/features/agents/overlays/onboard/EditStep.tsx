import type { Send } from './send.ts';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../../../ui/index.ts';
import { AgentEditor, EditorBar } from '../../AgentEditor.tsx';
import { useAgentEditor } from '../../useAgentEditor.ts';

export function EditStep({ send, target }: { send: Send; target: number | null }) {
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
