/** One labelled select of a filter bar: `''` is "All". */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  text,
  onChange,
}: {
  label: string;
  value: T | undefined;
  options: readonly T[];
  text: (v: T) => string;
  onChange: (v: T | undefined) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
