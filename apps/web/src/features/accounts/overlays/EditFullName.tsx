import { SingleFieldOverlay } from '../overlayParts/index.ts';

/** ?editFullName: the person's full name (details.fullName). */
export default function EditFullName() {
  return (
    <SingleFieldOverlay
      title="Full name"
      label="Full name"
      field="details"
      success="Name saved"
      initial={(a) => (typeof a.details.fullName === 'string' ? a.details.fullName : (a.user.name ?? ''))}
      validate={(v) => (v ? null : 'Please enter a name.')}
      inputProps={{ autoComplete: 'name', maxLength: 120 }}
      save={(v) => ({ account: { details: { fullName: v } } })}
    />
  );
}
