import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { Button, EmptyState, ErrorState, Field, LoadingBlock } from '../../../ui/index.ts';
import { useDeleteSip, type SipResource } from '../api.ts';

/** One list of SIP settings: loading, error and empty states, each row with a Remove button. */
export function SipRows<T extends { id: number }>(props: {
  resource: SipResource;
  target: number | null;
  label: string;
  query: { isLoading: boolean; isError: boolean; error: unknown };
  items: T[];
  empty: { icon: ReactNode; title: string; message: string };
  row: (item: T) => { title: ReactNode; detail?: ReactNode; name: string };
}) {
  const remove = useDeleteSip(props.resource, props.target);
  if (props.query.isLoading) return <LoadingBlock label={`Loading ${props.label.toLowerCase()}`} />;
  if (props.query.isError) return <ErrorState message={errorText(props.query.error)} />;
  if (!props.items.length) return <EmptyState icon={props.empty.icon} title={props.empty.title} message={props.empty.message} />;
  return (
    <ul aria-label={props.label} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {props.items.map((item) => {
        const r = props.row(item);
        return (
          <li key={item.id} className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <div className="truncate text-sm font-medium text-slate-900">{r.title}</div>
              {r.detail && <div className="truncate text-sm text-slate-600">{r.detail}</div>}
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${r.name}`}
              loading={remove.isPending && remove.variables === item.id}
              onClick={() => remove.mutate(item.id)}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** UDP or TCP towards a gateway or registrar. */
export function TransportField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string | null;
}) {
  return (
    <Field label="Transport" error={error}>
      {(p) => (
        <select {...p} value={value} onChange={onChange} className="rounded-lg px-3 py-2.5 text-sm ring-1 ring-slate-300">
          <option value="udp">UDP</option>
          <option value="tcp">TCP</option>
        </select>
      )}
    </Field>
  );
}
