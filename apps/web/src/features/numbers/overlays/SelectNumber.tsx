import { useActingTarget } from '../../../api/acting.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button } from '../../../ui/index.ts';
import { NumberPicker } from '../components/NumberPicker.tsx';
import { useSwitchOverlay } from '../switchOverlay.ts';

/** `?selectNumber`: search the carrier and buy a number for the agent, or bring your own. */
export default function SelectNumber() {
  const target = useActingTarget();
  const { close } = useOverlay();
  const go = useSwitchOverlay('selectNumber');
  return (
    <OverlayFrame
      title="Choose a phone number"
      description="Callers and texters reach your agent on this number."
      size="md"
      footer={
        <Button variant="link" onClick={() => go('addCustomNumber')}>
          Use a number you already have
        </Button>
      }
    >
      <NumberPicker target={target} onBought={() => close()} />
    </OverlayFrame>
  );
}
