import { Check, Copy, Inbox, MessageSquare, Mail, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useOutbox, type OutboxMessage } from '../../api/dev.ts';
import { ApiError } from '../../api/mutation.ts';
import { useAccount } from '../../api/hooks.ts';
import { getStoredUser, getToken } from '../../api/session.ts';
import { mobileContext, userAgent } from '../../shell/mobile.ts';
import { Button, EmptyState, ErrorState, Field, Input, Skeleton } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';

/** The 6-digit code in a message body, if any. */
export function codeIn(body: string): string | null {
  return body.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/**
 * The addresses whose messages the overlay may show: a super admin sees the whole local outbox (null),
 * a signed-in user the messages sent to their own e-mail, a signed-out visitor those to the address
 * they type (they are signing in with it). Never other people's codes.
 */
function useOutboxScope(typed: string): { addresses: string[] | null; signedIn: boolean; loading: boolean } {
  const token = getToken();
  const self = useAccount(null, !!token);
  if (!token) return { addresses: typed.trim() ? [typed.trim().toLowerCase()] : [], signedIn: false, loading: false };
  if (!self.data) return { addresses: [], signedIn: true, loading: self.isPending };
  if (self.data.user.superAdmin) return { addresses: null, signedIn: true, loading: false };
  const own = [self.data.user.email, self.data.email].filter((a): a is string => !!a).map((a) => a.toLowerCase());
  return { addresses: [...new Set(own)], signedIn: true, loading: false };
}

/** Local outbox (GET /api/dev/outbox) with the codes, scoped to what the user may see, and build info. */
export default function Debug() {
  const [typed, setTyped] = useState('');
  const scope = useOutboxScope(typed);
  const outbox = useOutbox(scope.addresses);
  const user = getStoredUser();
  const m = mobileContext();
  const nothingToShow = scope.addresses != null && scope.addresses.length === 0;
  return (
    <OverlayFrame title="Debug" description="Messages the local e-mail and SMS providers sent to you, and this build." size="lg">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Local outbox</h3>
        <Button
          size="xs"
          variant="secondary"
          onClick={() => outbox.refetch()}
          loading={outbox.isFetching && !outbox.isPending}
          disabled={nothingToShow}
        >
          <RefreshCw className="size-3.5" aria-hidden="true" /> Refresh
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-500" data-testid="outbox-scope">
        {scope.addresses == null
          ? 'Super admin: every message of this server.'
          : scope.signedIn
            ? `Messages sent to ${scope.addresses.join(', ') || 'your addresses'}.`
            : 'Enter the address you are signing in with to see its codes.'}
      </p>
      {!scope.signedIn && (
        <div className="mt-3">
          <Field label="Your e-mail address">
            {(a11y) => (
              <Input {...a11y} type="email" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="you@example.com" />
            )}
          </Field>
        </div>
      )}
      <div className="mt-3">
        {scope.loading || (outbox.isPending && !nothingToShow) ? (
          <div className="space-y-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : outbox.isError ? (
          <ErrorState
            title="No local outbox"
            message={
              outbox.error instanceof ApiError && outbox.error.status === 404
                ? 'Real e-mail and SMS providers are configured, so messages leave for real and are not kept here.'
                : outbox.error.message
            }
          />
        ) : nothingToShow || !outbox.data || outbox.data.messages.length === 0 ? (
          <EmptyState
            icon={<Inbox className="size-6" aria-hidden="true" />}
            title="Nothing sent to you yet"
            message="Your codes and invitations appear here the moment they are sent."
            className="py-6"
          />
        ) : (
          <ul className="space-y-2" aria-label="Outbox messages">
            {outbox.data.messages.map((msg) => (
              <OutboxItem key={`${msg.createdAt}-${msg.to}-${msg.body.slice(0, 12)}`} msg={msg} />
            ))}
          </ul>
        )}
      </div>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Build</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 text-sm xs:grid-cols-[8rem_1fr]">
        <dt className="text-slate-500">Commit</dt>
        <dd className="font-mono text-slate-900">{__BUILD_COMMIT__}</dd>
        <dt className="text-slate-500">Built</dt>
        <dd className="text-slate-900">{new Date(__BUILD_TIME__).toISOString()}</dd>
        <dt className="text-slate-500">Mode</dt>
        <dd className="text-slate-900">{import.meta.env.MODE}</dd>
        <dt className="text-slate-500">Session</dt>
        <dd className="text-slate-900">
          {user
            ? `user ${user.id} (${user.accountType}${user.superAdmin ? ', super admin' : ''})`
            : getToken()
              ? 'signed in'
              : 'signed out'}
        </dd>
        <dt className="text-slate-500">Mobile</dt>
        <dd className="text-slate-900">
          {m.mobileApp ? `${m.platform ?? '?'} ${m.appVersion ?? ''}` : 'no'}
          {m.genericBrand ? ' · generic brand' : ''}
        </dd>
        <dt className="text-slate-500">User agent</dt>
        <dd className="break-words text-slate-900">{userAgent()}</dd>
      </dl>
    </OverlayFrame>
  );
}

function OutboxItem({ msg }: { msg: OutboxMessage }) {
  const code = codeIn(msg.body);
  const [copied, setCopied] = useState(false);
  const Icon = msg.channel === 'email' ? Mail : MessageSquare;
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label={msg.channel === 'email' ? 'E-mail' : 'SMS'} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">
            {msg.to}
            {msg.status !== 'sent' && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800">{msg.status}</span>}
          </p>
          {msg.subject && <p className="truncate text-sm text-slate-700">{msg.subject}</p>}
          <p className="mt-1 line-clamp-2 text-xs text-slate-500">{msg.body}</p>
          <p className="mt-1 text-xs text-slate-500">{new Date(msg.createdAt).toLocaleTimeString()}</p>
        </div>
        {code && (
          <button
            type="button"
            className="flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-50 px-2.5 py-1.5 font-mono text-base font-semibold tracking-widest text-brand-800 hover:bg-brand-100"
            aria-label={`Copy code ${code}`}
            data-code={code}
            onClick={() => {
              void navigator.clipboard?.writeText(code).then(
                () => setCopied(true),
                () => undefined,
              );
            }}
          >
            {code}
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          </button>
        )}
      </div>
    </li>
  );
}
