import { Phone } from 'lucide-react';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState } from '../../../ui/index.ts';

/** ?call=<destination>: calls arrive with the calls feature; until then this says so plainly. */
export default function CallOverlay({ value }: OverlayProps) {
  const who = value && value !== 'true' ? value : null;
  return (
    <OverlayFrame title={who ? `Call ${who}` : 'Call'}>
      <EmptyState icon={<Phone className="size-6" aria-hidden />} title="Calling is not available yet" message="Voice calls from the inbox arrive with the calls feature. You can text or chat with this person meanwhile." />
    </OverlayFrame>
  );
}
