import { useState } from 'react';
import { errorText } from '../../../api/mutation.ts';
import { Button, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useInviteCandidates } from '../api.ts';

const STATUS = { invitable: null, invited: 'Already invited', member: 'Already a member' } as const;

/**
 * People to invite: inside the phone app, the phone's contacts found by name through the native bridge;
 * elsewhere, the organization's contacts. Each can be invited unless invited before or a member.
 */
export function InviteCandidates(props: {
  phone: { addresses: string[] | null; search: (name: string) => void } | null;
  onInvite: (target: string) => void;
  busy: boolean;
}) {
  const [name, setName] = useState('');
  const addresses = props.phone ? (props.phone.addresses ?? []) : null;
  const list = useInviteCandidates(addresses);
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-900">
        {props.phone ? 'Invite from your phone’s contacts' : 'Invite from your contacts'}
      </summary>
      {props.phone && (
        <form
          className="mt-2 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            props.phone!.search(name);
          }}
        >
          <label className="flex-1 text-xs font-medium text-slate-700">
            Name to look for
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="mt-1 block w-full rounded-lg px-2.5 py-2 text-sm ring-1 ring-slate-300 ring-inset"
            />
          </label>
          <Button type="submit" size="sm" variant="secondary" disabled={!name.trim()}>
            Search
          </Button>
        </form>
      )}
      {list.isPending ? (
        <Skeleton className="mt-2 h-10 w-full" />
      ) : list.isError ? (
        <ErrorState title="We could not load the contacts" message={errorText(list.error)} />
      ) : list.data.contacts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No contacts with an e-mail or phone number.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Contacts to invite">
          {list.data.contacts.map((c) => (
            <li key={c.target} className="flex items-center justify-between gap-2 py-1.5">
              <span className="min-w-0 break-all">
                {c.name ? `${c.name} · ` : ''}
                {c.target}
              </span>
              {STATUS[c.status] ? (
                <span className="text-xs text-slate-600">{STATUS[c.status]}</span>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={props.busy}
                  onClick={() => props.onInvite(c.target)}
                  aria-label={`Invite ${c.name ?? c.target}`}
                >
                  Invite
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
