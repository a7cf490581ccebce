import { Phone, Plus } from 'lucide-react';
import { formatPhone } from '@switchboard/core';
import { errorText } from '../../api/mutation.ts';
import { useOpenOverlay } from '../../overlays/open.ts';
import type { SectionProps } from '../../shell/sections.ts';
import { Button, Card, EmptyState, ErrorState, LoadingBlock } from '../../ui/index.ts';
import { useNumbers } from './api.ts';
import { CapabilityBadges } from './components/CapabilityBadges.tsx';
import { NumberSettings } from './components/NumberSettings.tsx';

/** The organization's phone numbers: where each is, the agent that answers, texts on or off, release. */
export default function NumbersSection({ account }: SectionProps) {
  const target = account.id;
  const list = useNumbers(target);
  const open = useOpenOverlay();
  const canEdit = account.permissions.canEditOrg;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-xl font-semibold text-slate-900">Phone numbers</h1>
        {canEdit && (
          <>
            <Button size="sm" variant="secondary" onClick={() => open('forwardingInstructions')}>
              Forward your line
            </Button>
            <Button size="sm" variant="secondary" onClick={() => open('addCustomNumber')}>
              Use your own number
            </Button>
            <Button size="sm" onClick={() => open('selectNumber')}>
              <Plus className="size-4" aria-hidden /> Get a number
            </Button>
          </>
        )}
      </div>
      {list.isLoading ? (
        <LoadingBlock label="Loading numbers" />
      ) : list.isError ? (
        <ErrorState
          message={errorText(list.error)}
          action={
            <Button size="xs" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : list.data!.phoneNumbers.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Phone className="size-6" aria-hidden />}
            title="No phone numbers yet"
            message="Get a number for your agent, or bring the one your customers already call."
            action={canEdit ? <Button onClick={() => open('selectNumber')}>Get a number</Button> : undefined}
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your phone numbers">
          {list.data!.phoneNumbers.map((n) => (
            <li key={n.number}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                <div className="flex-1">
                  <p className="text-base font-semibold text-slate-900 tabular-nums" data-testid="number-row">
                    {formatPhone(n.number)}
                  </p>
                  <p className="text-sm text-slate-500">{[n.locality, n.region, n.country].filter(Boolean).join(', ')}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    {n.kind === 'byo' ? 'Your own number' : 'Switchboard number'}
                    {n.status === 'pending_verification' && (
                      <button
                        type="button"
                        className="rounded bg-amber-50 px-1.5 text-amber-900 hover:underline"
                        onClick={() => open('callVerify', n.number)}
                      >
                        Not verified: enter the code
                      </button>
                    )}
                    <CapabilityBadges caps={n.capabilities} />
                  </p>
                </div>
                {canEdit && (
                  <div className="sm:w-72">
                    <NumberSettings n={n} target={target} orgId={account.id} />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
