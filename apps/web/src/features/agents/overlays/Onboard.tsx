// The wizard and each of its step panels live one per file in onboard/.
import { Wizard } from './onboard/Wizard.tsx';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/api.ts';

/**
 * ?onboard: the onboarding wizard (spec §4), driven by the core state machine. The state is saved to
 * settings.onboarding (debounced 1000 ms) and shown in the address (activeStep, fieldIndex, integrationIndex).
 */
export default function Onboard({ params }: OverlayProps) {
  const acting = useActingAccount();
  if (acting.isError)
    return (
      <OverlayFrame title="Get started">
        <ErrorState message={(acting.error as Error).message} />
      </OverlayFrame>
    );
  if (!acting.data)
    return (
      <OverlayFrame title="Get started">
        <LoadingBlock />
      </OverlayFrame>
    );
  return <Wizard target={acting.target} saved={acting.data.settings.onboarding} params={params} accountName={acting.data.displayName} />;
}
