import { useState, type FormEvent } from 'react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, Field, Input, Textarea } from '../../../ui/index.ts';
import { useCancelPlan } from '../api.ts';

/** Cancel the subscription with a reason (spec §7: reason, details). */
export function CancelPlanForm({ onDone }: { onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const cancel = useCancelPlan();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate({ reason: reason.trim(), details: details.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Cancel subscription">
      <Field label="Why are you cancelling?" error={fieldError(cancel.error, 'reason')}>
        {(a) => <Input {...a} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required />}
      </Field>
      <Field label="Anything else we should know? (optional)" error={fieldError(cancel.error, 'details')}>
        {(a) => <Textarea {...a} value={details} onChange={(e) => setDetails(e.target.value)} maxLength={2000} />}
      </Field>
      <Button type="submit" variant="danger" loading={cancel.isPending}>
        Cancel subscription
      </Button>
    </form>
  );
}
