import { TextField } from '../../../ui/index.ts';

/** A USD amount typed as a decimal (sent as typed; the server parses it exactly), with its error or hint. */
export function UsdAmountField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  hint: string;
}) {
  return (
    <TextField
      label="Amount (USD)"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
      required
    />
  );
}
