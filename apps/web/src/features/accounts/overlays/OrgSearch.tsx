import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { QueryValue } from '../../../api/mutation.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Avatar, Button, EmptyState, ErrorState, Input } from '../../../ui/index.ts';
import { DATES, toFilter } from '../filters.ts';
import { errorText, useOrgSearch } from '../api.ts';
import { AccountGate, useAccountUrl, useOverlayAccount } from '../overlayParts/index.ts';
import { formatDate, ListSkeleton, Pagination, selectClass, StatusBadge } from '../parts.tsx';

const RANGES = [
  ['voiceMinutesCurrent', 'Voice minutes, this month'],
  ['voiceMinutesPrevious', 'Voice minutes, last month'],
  ['voiceMinutesAllTime', 'Voice minutes, all time'],
  ['messagesCurrent', 'Messages, this month'],
  ['messagesPrevious', 'Messages, last month'],
  ['messagesAllTime', 'Messages, all time'],
] as const;
const FLAGS = [
  ['active', 'Active'],
  ['onboardingComplete', 'Onboarding complete'],
  ['subscribed', 'Subscribed'],
  ['canceled', 'Canceled'],
] as const;
const IDS = [
  ['productPlanId', 'Plan id'],
  ['productPlanTerm', 'Plan term'],
  ['billingId', 'Billing id'],
  ['billingSubscriptionId', 'Billing subscription id'],
  ['externalAccountId', 'External account id'],
] as const;
/** ?orgSearch: the organization filter of spec §3 as a form, with the results under it. */
export default function OrgSearch() {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const navigate = useNavigate();
  const url = useAccountUrl();
  const [form, setForm] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState<Record<string, QueryValue> | null>(null);
  const [page, setPage] = useState(0);
  const results = useOrgSearch(target, filter, page);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const items = results.data?.accounts ?? [];
  // The results sit under a long form: each search (and page) brings them into view and moves the
  // focus to their heading, so they are never left below the fold.
  const resultsRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!filter) return;
    resultsRef.current?.scrollIntoView({ block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  }, [filter, page]);
  return (
    <AccountGate title="Find organizations" expect={['partner', 'reseller']}>
      {() => (
        <OverlayFrame
          title="Find organizations"
          description="Filter by usage, status, billing and dates. Empty fields do not count."
          size="lg"
          footer={
            <>
              <Button variant="ghost" className="xs:mr-auto" onClick={() => (setForm({}), setFilter(null), setPage(0))}>
                Clear
              </Button>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button type="submit" form="org-search-form">
                <Search className="size-4" aria-hidden="true" /> Search
              </Button>
            </>
          }
        >
          <form
            id="org-search-form"
            className="flex flex-col gap-5"
            onSubmit={(e) => {
              e.preventDefault();
              setPage(0);
              setFilter(toFilter(form));
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor="os-search" className="text-sm font-medium text-slate-700">
                Name, username or e-mail
              </label>
              <Input id="os-search" type="search" value={form.search ?? ''} onChange={set('search')} placeholder="Bright Dental" />
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-900">Status</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {FLAGS.map(([k, label]) => (
                  <div key={k} className="flex flex-col gap-1.5">
                    <label htmlFor={`os-${k}`} className="text-sm text-slate-700">
                      {label}
                    </label>
                    <select id={`os-${k}`} value={form[k] ?? ''} onChange={set(k)} className={selectClass}>
                      <option value="">Any</option>
                      <option value="true">Yes</option>
                      <option value="false">No</option>
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-900">Usage</legend>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {RANGES.map(([k, label]) => (
                  <div key={k} className="flex flex-col gap-1.5">
                    <span id={`os-${k}`} className="text-sm text-slate-700">
                      {label}
                    </span>
                    <div className="flex items-center gap-2">
                      <Input
                        type="number"
                        min={0}
                        inputMode="numeric"
                        aria-label={`${label}: at least`}
                        placeholder="Min"
                        value={form[`${k}Min`] ?? ''}
                        onChange={set(`${k}Min`)}
                      />
                      <span className="text-slate-400" aria-hidden="true">
                        –
                      </span>
                      <Input
                        type="number"
                        min={0}
                        inputMode="numeric"
                        aria-label={`${label}: at most`}
                        placeholder="Max"
                        value={form[`${k}Max`] ?? ''}
                        onChange={set(`${k}Max`)}
                      />
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-900">Dates</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {DATES.map(([k, label]) => (
                  <div key={k} className="flex flex-col gap-1.5">
                    <label htmlFor={`os-${k}`} className="text-sm text-slate-700">
                      {label}
                    </label>
                    <Input id={`os-${k}`} type="date" value={form[k] ?? ''} onChange={set(k)} />
                  </div>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-900">Plan and billing</legend>
              <div className="grid grid-cols-1 gap-3 xs:grid-cols-2">
                {IDS.map(([k, label]) => (
                  <div key={k} className="flex flex-col gap-1.5">
                    <label htmlFor={`os-${k}`} className="text-sm text-slate-700">
                      {label}
                    </label>
                    <Input id={`os-${k}`} value={form[k] ?? ''} onChange={set(k)} autoCapitalize="none" />
                  </div>
                ))}
              </div>
            </fieldset>
          </form>
          {filter && (
            <section aria-label="Results" className="mt-6 border-t border-slate-100 pt-4">
              <h3
                ref={resultsRef}
                tabIndex={-1}
                className="mb-2 scroll-mt-2 text-sm font-semibold text-slate-900 focus:outline-none"
                aria-live="polite"
                data-testid="org-results"
              >
                {results.isPending
                  ? 'Searching…'
                  : `${results.data?.totalAccounts ?? 0} organization${results.data?.totalAccounts === 1 ? '' : 's'} found`}
              </h3>
              {results.isPending ? (
                <ListSkeleton rows={3} />
              ) : results.isError ? (
                <ErrorState title="The search did not work" message={errorText(results.error)} />
              ) : items.length === 0 ? (
                <EmptyState className="py-6" title="No organization matches" message="Loosen a filter or clear them all." />
              ) : (
                <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                  {items.map((o) => (
                    <li key={o.id}>
                      <button
                        type="button"
                        onClick={() => navigate(url({ id: o.id, accountType: 'organization' }))}
                        className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50"
                      >
                        <Avatar name={o.displayName} src={o.image} size="sm" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium text-slate-900">{o.displayName}</span>
                          <span className="block truncate text-xs text-slate-500">
                            @{o.username} · {formatDate(o.timestamp)}
                            {o.subscription?.productPlanId ? ` · ${o.subscription.productPlanId}` : ''}
                          </span>
                        </span>
                        <StatusBadge active={o.active} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <Pagination page={page} total={results.data?.totalAccounts ?? 0} onPage={setPage} label="Organizations" />
            </section>
          )}
        </OverlayFrame>
      )}
    </AccountGate>
  );
}
