import { Plus, Trash2 } from 'lucide-react';
import { Button, TextField } from '../../../ui/index.ts';
import type { MeetingType } from '../api.ts';

/** The meeting types a visitor can book: name, length, buffer, notice and how far ahead. */
export function MeetingTypes({
  types,
  onChange,
  fieldErr,
}: {
  types: MeetingType[];
  onChange: (t: MeetingType[]) => void;
  fieldErr: (f: string) => string | null;
}) {
  const set = (i: number, patch: Partial<MeetingType>) => onChange(types.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const num = (v: string) => (v === '' ? 0 : Math.round(Number(v)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">Meeting types</legend>
      {types.map((t, i) => (
        <div key={i} className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-4">
          <TextField
            fieldClassName="col-span-2 sm:col-span-3"
            label="Name"
            value={t.name}
            onChange={(e) => set(i, { name: e.target.value })}
            error={fieldErr(`meetingTypes.${i}.name`)}
          />
          <TextField
            label="Link id"
            value={t.id}
            onChange={(e) => set(i, { id: e.target.value.toLowerCase() })}
            error={fieldErr(`meetingTypes.${i}.id`)}
          />
          <TextField
            label="Minutes"
            type="number"
            min={5}
            value={t.minutes}
            onChange={(e) => set(i, { minutes: num(e.target.value) })}
            error={fieldErr(`meetingTypes.${i}.minutes`)}
          />
          <TextField
            label="Buffer (min)"
            type="number"
            min={0}
            value={t.bufferMinutes}
            onChange={(e) => set(i, { bufferMinutes: num(e.target.value) })}
            error={fieldErr(`meetingTypes.${i}.bufferMinutes`)}
          />
          <TextField
            label="Notice (min)"
            type="number"
            min={0}
            value={t.noticeMinutes}
            onChange={(e) => set(i, { noticeMinutes: num(e.target.value) })}
            error={fieldErr(`meetingTypes.${i}.noticeMinutes`)}
          />
          <TextField
            label="Days ahead"
            type="number"
            min={1}
            value={t.horizonDays}
            onChange={(e) => set(i, { horizonDays: num(e.target.value) })}
            error={fieldErr(`meetingTypes.${i}.horizonDays`)}
          />
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 justify-self-start sm:col-span-4"
            onClick={() => onChange(types.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {t.name || 'meeting type'}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() =>
          onChange([
            ...types,
            { id: `meeting-${types.length + 1}`, name: 'Meeting', minutes: 30, bufferMinutes: 0, noticeMinutes: 120, horizonDays: 30 },
          ])
        }
      >
        <Plus className="size-4" aria-hidden="true" />
        Add meeting type
      </Button>
    </fieldset>
  );
}
