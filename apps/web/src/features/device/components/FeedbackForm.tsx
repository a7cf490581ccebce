import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { getStoredUser } from '../../../api/session.ts';
import { Button, Field, Textarea, TextField, cn } from '../../../ui/index.ts';
import { callError, useSubmitForm } from '../api.ts';
import { recordFormSubmitted } from '../formsSubmitted.ts';
import { FormSent } from './FormSent.tsx';

/** `?form=feedback`: a rating and a message, sent to where the brand takes feedback. */
export function FeedbackForm({ page, onClose }: { page: string | null; onClose: () => void }) {
  const signedIn = getStoredUser() != null;
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = useSubmitForm();
  const err = callError(submit.error);
  const fieldError = (f: string) => (f === 'message' && local) || (err?.field === f ? err.message : undefined);

  if (submit.data) return <FormSent title="Thank you for the feedback" to={submit.data.deliveredTo} onClose={onClose} />;

  function send(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) return setLocal('Please write your feedback.');
    setLocal(null);
    submit.mutate(
      { form: 'feedback', rating, message, page, ...(signedIn || !email.trim() ? {} : { email: email.trim() }) },
      { onSuccess: () => recordFormSubmitted('feedback') },
    );
  }

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">How is it going?</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={rating === n}
              aria-label={`${n} of 5`}
              onClick={() => setRating(rating === n ? null : n)}
              className="rounded-md p-1 text-slate-300 hover:text-amber-400 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:text-amber-500"
            >
              <Star className={cn('size-7', rating != null && n <= rating && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
            </button>
          ))}
        </div>
      </fieldset>
      <Field label="Your feedback" error={fieldError('message')}>
        {(a11y) => (
          <Textarea
            {...a11y}
            rows={5}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
            placeholder="What works, what gets in the way, what you miss"
            data-autofocus
          />
        )}
      </Field>
      {!signedIn && (
        <TextField
          label="Your e-mail (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError('email')}
        />
      )}
      {err && (!err.field || err.field === 'form') && (
        <p role="alert" className="text-sm text-red-700">
          {err.message}
        </p>
      )}
      <Button type="submit" className="self-end" loading={submit.isPending}>
        Send feedback
      </Button>
    </form>
  );
}
