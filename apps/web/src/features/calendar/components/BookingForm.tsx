import { useState, type FormEvent } from 'react';
import { ApiError, errorText, fieldError, isFieldError } from '../../../api/mutation.ts';
import { Button, Field, Textarea, TextField } from '../../../ui/index.ts';
import { useBook } from '../api.ts';

/** The visitor's details for a picked slot. */
export function BookingForm(props: {
  host: string;
  meetingType: string;
  slot: { start: number; end: number };
  zone: string;
  onBack: () => void;
  onBooked: (b: { start: number; end: number; manageUrl?: string }) => void;
  onTaken: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const book = useBook(props.host);
  const e = book.error;
  const when = new Intl.DateTimeFormat(undefined, {
    timeZone: props.zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(props.slot.start);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    book.mutate(
      {
        meetingType: props.meetingType,
        start: props.slot.start,
        name,
        email,
        ...(phone.trim() ? { phone } : {}),
        ...(notes.trim() ? { notes } : {}),
        timezone: props.zone,
      },
      {
        onSuccess: (r) => props.onBooked({ ...r.booking, manageUrl: r.manageUrl }),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) props.onTaken(err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="font-medium text-slate-900">{when}</p>
      <TextField
        label="Your name"
        value={name}
        onChange={(x) => setName(x.target.value)}
        error={fieldError(e, 'name')}
        autoComplete="name"
        autoFocus
        required
      />
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onChange={(x) => setEmail(x.target.value)}
        error={fieldError(e, 'email')}
        autoComplete="email"
        required
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        value={phone}
        onChange={(x) => setPhone(x.target.value)}
        error={fieldError(e, 'phone')}
        autoComplete="tel"
      />
      <Field label="Anything to share before the meeting? (optional)" error={fieldError(e, 'notes')}>
        {(a11y) => <Textarea {...a11y} value={notes} onChange={(x) => setNotes(x.target.value)} />}
      </Field>
      {e && !isFieldError(e) && !(e instanceof ApiError && e.status === 409) ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(e)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={props.onBack}>
          Pick another time
        </Button>
        <Button type="submit" loading={book.isPending}>
          Book meeting
        </Button>
      </div>
    </form>
  );
}
