import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { ScheduleEditor } from '../components/ScheduleEditor.tsx';

/** `?schedule`: availability and meeting types. */
export default function Schedule() {
  return (
    <OverlayFrame title="Availability" description="When people can book meetings with you." size="sheet">
      <ScheduleEditor />
    </OverlayFrame>
  );
}
