import { useState } from 'react';
import { formatPhone } from '@switchboard/core';
import { useChildren } from '../../accounts/api.ts';
import { Button, Field } from '../../../ui/index.ts';
import { useReleaseNumber, useRouteNumber, type PhoneNumberInfo } from '../api.ts';

/** Who answers a number, whether it takes texts, and releasing it (after a confirmation). */
export function NumberSettings({
  n,
  target,
  orgId,
  onReleased,
}: {
  n: PhoneNumberInfo;
  target: number | null;
  orgId: number;
  onReleased?: () => void;
}) {
  const agents = useChildren('agent', orgId, 0, '');
  const route = useRouteNumber(target);
  const release = useReleaseNumber(target, onReleased);
  const [confirming, setConfirming] = useState(false);
  const label = formatPhone(n.number);
  const smsPossible = n.capabilities?.sms && n.kind !== 'byo';
  return (
    <div className="flex flex-col gap-3">
      <Field label="Answered by">
        {(a11y) => (
          <select
            {...a11y}
            value={n.agentId ?? ''}
            disabled={route.isPending || agents.isLoading}
            onChange={(e) => route.mutate({ number: n.number, agentId: e.target.value ? Number(e.target.value) : null })}
            className="rounded-lg border-0 px-3 py-2 text-sm ring-1 ring-slate-300 ring-inset"
          >
            <option value="">The organization’s agent</option>
            {(agents.data?.accounts ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.displayName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          role="switch"
          aria-checked={n.smsEnabled}
          checked={n.smsEnabled}
          disabled={!smsPossible || route.isPending}
          onChange={(e) => route.mutate({ number: n.number, smsEnabled: e.target.checked })}
          className="size-4"
        />
        Takes text messages{!smsPossible && <span className="text-xs text-slate-500"> (not possible on this number)</span>}
      </label>
      {confirming ? (
        <div role="alertdialog" aria-label={`Release ${label}?`} className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>
            Release {label}?{' '}
            {n.kind === 'byo' ? 'Calls to it stop reaching the agent.' : 'It goes back to the carrier and may be bought by someone else.'}
          </p>
          <div className="mt-2 flex gap-2">
            <Button size="xs" variant="danger" loading={release.isPending} onClick={() => release.mutate(n.number)}>
              Release {label}
            </Button>
            <Button size="xs" variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <Button size="xs" variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
          Release…
        </Button>
      )}
    </div>
  );
}
