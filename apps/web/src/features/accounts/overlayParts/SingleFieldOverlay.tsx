import { AccountGate } from './AccountGate.tsx';
import { SingleFieldForm } from './SingleFieldForm.tsx';
import { type ReactNode } from 'react';
import type { AccountView } from '../../../api/hooks.ts';
import { useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { type AccountFieldChange } from '../api.ts';

/** One text value of the account, edited and saved (full name, account name, username). */
export function SingleFieldOverlay({
  title,
  label,
  initial,
  save,
  field,
  success,
  hint,
  validate,
  inputProps,
}: {
  title: string;
  label: string;
  initial: (a: AccountView) => string;
  save: (value: string, a: AccountView) => AccountFieldChange;
  field: string;
  success: string;
  hint?: (value: string) => ReactNode;
  validate?: (value: string) => string | null;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { close } = useOverlay();
  return (
    <AccountGate title={title}>
      {(a) => (
        <SingleFieldForm
          title={title}
          label={label}
          account={a}
          initial={initial(a)}
          save={save}
          field={field}
          success={success}
          hint={hint}
          validate={validate}
          close={close}
          inputProps={inputProps}
        />
      )}
    </AccountGate>
  );
}
