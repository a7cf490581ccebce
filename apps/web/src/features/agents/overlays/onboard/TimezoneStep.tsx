import type { Send } from './send.ts';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button, Field } from '../../../../ui/index.ts';
import { useSaveAgentFields } from '../../api.ts';
import { TimezonePicker } from '../../components/TimezonePicker.tsx';
import { browserTimezone } from '../../options.ts';

export function TimezoneStep({ send, target }: { send: Send; target: number | null }) {
  const [tz, setTz] = useState(browserTimezone());
  const [busy, setBusy] = useState(false);
  const save = useSaveAgentFields(target).mutateAsync;
  return (
    <div className="space-y-4">
      <Field label="Timezone" hint="The agent uses it for dates and opening hours.">
        {(a11y) => <TimezonePicker id={a11y.id} describedBy={a11y['aria-describedby']} value={tz} onChange={setTz} />}
      </Field>
      <Button
        loading={busy}
        onClick={async () => (setBusy(true), await save({ timezone: tz }).finally(() => setBusy(false)), send({ type: 'NEXT' }))}
      >
        Continue <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
