import { useState, type FormEvent } from 'react';
import { errorText, fieldError, isFieldError } from '../../../api/mutation.ts';
import { Button, Field, Textarea, TextField } from '../../../ui/index.ts';
import { useSaveContact, type Contact } from '../api.ts';

const list = (s: string) =>
  s
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Create or edit a contact: name, numbers, e-mails, tags and notes. */
export function ContactForm({ contact, onDone }: { contact?: Contact; onDone: (c: Contact) => void }) {
  const [name, setName] = useState(contact?.name ?? '');
  const [phones, setPhones] = useState(contact?.phones.join(', ') ?? '');
  const [emails, setEmails] = useState(contact?.emails.join(', ') ?? '');
  const [tags, setTags] = useState(contact?.tags.join(', ') ?? '');
  const [notes, setNotes] = useState(contact?.notes ?? '');
  const save = useSaveContact(onDone);
  const e = save.error;

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    save.mutate({ ...(contact ? { id: contact.id } : {}), name, phones: list(phones), emails: list(emails), tags: list(tags), notes });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label="Name"
        value={name}
        onChange={(x) => setName(x.target.value)}
        error={fieldError(e, 'name')}
        autoFocus
        autoComplete="off"
      />
      <TextField
        label="Phone numbers"
        hint="Separate several with commas."
        value={phones}
        onChange={(x) => setPhones(x.target.value)}
        error={fieldError(e, 'phones')}
        inputMode="tel"
      />
      <TextField
        label="E-mail addresses"
        value={emails}
        onChange={(x) => setEmails(x.target.value)}
        error={fieldError(e, 'emails')}
        inputMode="email"
      />
      <TextField
        label="Tags"
        hint="Separate tags with commas."
        value={tags}
        onChange={(x) => setTags(x.target.value)}
        error={fieldError(e, 'tags')}
      />
      <Field label="Notes" error={fieldError(e, 'notes')}>
        {(a11y) => <Textarea {...a11y} value={notes} onChange={(x) => setNotes(x.target.value)} />}
      </Field>
      {e && !isFieldError(e) ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(e)}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {contact ? 'Save contact' : 'Add contact'}
        </Button>
      </div>
    </form>
  );
}
