import { errorText } from '../../../api/mutation.ts';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useSchedule } from '../api.ts';
import { ScheduleForm } from './ScheduleForm.tsx';

/** The owner's availability: time zone, working hours, meeting types; and the public booking link. */
export function ScheduleEditor() {
  const q = useSchedule();
  if (q.isLoading) return <LoadingBlock label="Loading availability" />;
  if (q.isError || !q.data)
    return <ErrorState message={errorText(q.error)} action={<Button onClick={() => void q.refetch()}>Try again</Button>} />;
  return <ScheduleForm answer={q.data} />;
}
