import { CheckCircle2 } from 'lucide-react';
import { Button, EmptyState } from '../../../ui/index.ts';

/** What a sent form shows: where it went. */
export function FormSent({ title, to, onClose }: { title: string; to: string; onClose: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4" role="status">
      <EmptyState
        icon={<CheckCircle2 className="size-6 text-emerald-600" aria-hidden="true" />}
        title={title}
        message={`It was sent to ${to}. Replies come to your e-mail.`}
        className="py-2"
      />
      <Button onClick={onClose} data-autofocus>
        Done
      </Button>
    </div>
  );
}
