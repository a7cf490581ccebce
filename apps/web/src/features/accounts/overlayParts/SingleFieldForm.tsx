import { useOverlayAccount } from './hooks.ts';
import { useState, type ReactNode } from 'react';
import type { AccountView } from '../../../api/hooks.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { TextField } from '../../../ui/index.ts';
import { fieldError, otherError, useSaveAccountField, type AccountFieldChange } from '../api.ts';
import { FormError, FormFooter } from '../parts.tsx';

export function SingleFieldForm(props: {
  title: string;
  label: string;
  account: AccountView;
  initial: string;
  save: (value: string, a: AccountView) => AccountFieldChange;
  field: string;
  success: string;
  hint?: (value: string) => ReactNode;
  validate?: (value: string) => string | null;
  close: () => void;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const [value, setValue] = useState(props.initial);
  const [local, setLocal] = useState<string | null>(null);
  const target = useOverlayAccount().target;
  const m = useSaveAccountField(target, props.save(value.trim(), props.account), { success: props.success, onSuccess: props.close });
  const err = m.error;
  return (
    <OverlayFrame
      title={props.title}
      footer={
        <FormFooter
          form="single-field-form"
          label="Save"
          loading={m.isPending}
          onCancel={props.close}
          disabled={!props.account.permissions.canEditOrg}
        />
      }
    >
      <form
        id="single-field-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = props.validate?.(value.trim()) ?? null;
          setLocal(problem);
          if (!problem) m.mutate(undefined);
        }}
      >
        <TextField
          label={props.label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoFocus
          error={local ?? fieldError(err, props.field)}
          hint={props.hint?.(value.trim())}
          disabled={!props.account.permissions.canEditOrg}
          {...props.inputProps}
        />
        <FormError error={otherError(err, props.field)} />
      </form>
    </OverlayFrame>
  );
}
