import { useAccountUrl } from './hooks.ts';
import { AccountGate } from './AccountGate.tsx';
import { AccountHeading } from './AccountHeading.tsx';
import { ExternalLink } from 'lucide-react';
import { type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Avatar, Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { errorText, idFromValue, useAccountPreview } from '../api.ts';
import { formatDate, TYPE_LABEL } from '../parts.tsx';

/** orgPreview, resellerPreview: a glance at an account and what is below it, without leaving the page. */
export function AccountPreviewOverlay({ type }: { type: 'organization' | 'reseller' }) {
  const label = TYPE_LABEL[type]!;
  const navigate = useNavigate();
  const url = useAccountUrl();
  const { close, value } = useOverlay();
  const id = idFromValue(value);
  const below = type === 'organization' ? 'agent' : 'organization';
  const counts = useAccountPreview(type, id);
  return (
    <AccountGate title={`${label} preview`} expect={[type]}>
      {(a) => (
        <OverlayFrame
          title={`${label} preview`}
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button onClick={() => navigate(url(a))}>
                <ExternalLink className="size-4" aria-hidden="true" /> Open {label.toLowerCase()}
              </Button>
            </>
          }
        >
          <AccountHeading account={a} />
          {counts.isPending ? (
            <LoadingBlock />
          ) : counts.isError ? (
            <ErrorState message={errorText(counts.error)} />
          ) : (
            <>
              <dl className="mb-4 grid grid-cols-3 gap-3">
                <Stat label={`${TYPE_LABEL[below]}s`} value={counts.data.list.totalAccounts} />
                <Stat label="Admin users" value={counts.data.members} />
                <Stat label="Created" value={formatDate(a.timestamp)} />
              </dl>
              {counts.data.list.accounts.length > 0 && (
                <>
                  <h3 className="mb-2 text-sm font-medium text-slate-700">Latest {TYPE_LABEL[below]?.toLowerCase()}s</h3>
                  <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                    {counts.data.list.accounts.map((c) => (
                      <li key={c.id} className="flex items-center gap-3 px-3 py-2">
                        <Avatar name={c.displayName} src={c.image} size="sm" />
                        <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{c.displayName}</span>
                        <span className="text-xs text-slate-500">{formatDate(c.timestamp)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </OverlayFrame>
      )}
    </AccountGate>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
