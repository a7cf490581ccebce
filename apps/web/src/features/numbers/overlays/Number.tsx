import { formatPhone } from '@switchboard/core';
import { useActingAccount } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useNumbers } from '../api.ts';
import { CapabilityBadges } from '../components/CapabilityBadges.tsx';
import { NumberSettings } from '../components/NumberSettings.tsx';

/** `?number=<e164>`: one of the organization's numbers: where it is, who answers, texts, release. */
export default function NumberOverlay() {
  const { value, close } = useOverlay();
  const { target, data: account } = useActingAccount();
  const list = useNumbers(target);
  const n = list.data?.phoneNumbers.find((p) => p.number === value);
  return (
    <OverlayFrame
      title={n ? formatPhone(n.number) : 'Phone number'}
      description={n ? [n.locality, n.region, n.country].filter(Boolean).join(', ') : undefined}
      size="sm"
    >
      {list.isLoading || !account ? (
        <LoadingBlock label="Loading the number" />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} />
      ) : !n ? (
        <EmptyState title="Number not found" message="It may have been released." />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {n.kind === 'byo'
              ? `Your own number${n.routing ? `, ${n.routing === 'sip' ? 'over SIP' : 'forwarded'}` : ''}`
              : 'Bought through Switchboard'}
            {n.status === 'pending_verification' && (
              <span className="rounded bg-amber-50 px-1.5 text-xs text-amber-900">Not verified yet</span>
            )}
            <CapabilityBadges caps={n.capabilities} />
          </p>
          <NumberSettings n={n} target={target} orgId={account.id} onReleased={close} />
        </div>
      )}
    </OverlayFrame>
  );
}
