import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { PlanChooser } from '../components/PlanChooser.tsx';

/** `?billing`: the plans to choose from. */
export default function Billing() {
  return (
    <OverlayFrame
      title="Choose a plan"
      description="Plans include minutes and messages each month; usage beyond them is paid from your wallet."
      size="lg"
    >
      <PlanChooser />
    </OverlayFrame>
  );
}
