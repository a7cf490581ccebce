import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, a control and its error (said in words, next to the field) or hint. */
export function Field({ label, error, hint, id: givenId, className, children }: FieldProps) {
  const auto = useId();
  const id = givenId ?? auto;
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form's error that names none of its fields, above or below the form (nothing when there is none). */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}

/** A native <select> styled like the inputs. */
export const selectClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base sm:text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none';

const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base sm:text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:ring-red-500 disabled:bg-slate-100 disabled:text-slate-500';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cn(inputClass, className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...rest },
  ref,
) {
  return <textarea ref={ref} className={cn(inputClass, 'min-h-24', className)} {...rest} />;
});

/** Input with its Field: `<TextField label="E-mail" error={e} {...register('email')} />`. */
export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null; hint?: ReactNode; fieldClassName?: string }
>(function TextField({ label, error, hint, fieldClassName, id, ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={fieldClassName}>
      {(a11y) => <Input ref={ref} {...a11y} {...rest} />}
    </Field>
  );
});
