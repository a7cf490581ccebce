import { Hammer } from 'lucide-react';
import { Button, EmptyState } from '../ui/index.ts';
import { OverlayFrame } from './OverlayFrame.tsx';
import type { OverlayProps } from './registry.ts';

/** What an allowed overlay key shows until its screen is built. */
export function ComingSoon({ name, close }: OverlayProps) {
  const label = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  return (
    <OverlayFrame title={label} size="sm" footer={<Button onClick={close}>Got it</Button>}>
      <EmptyState
        icon={<Hammer className="size-6" aria-hidden="true" />}
        title="Coming soon"
        message={`The “${label}” screen is not available yet. We are building it; everything else keeps working.`}
      />
    </OverlayFrame>
  );
}
