import { formatPhone } from '@switchboard/core/rules/format';
import { Bot, CircleAlert, MessageSquare, Phone, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { sectionUrl } from '../../api/acting.ts';
import { useOpenOverlay } from '../../overlays/open.ts';
import type { SectionProps } from '../../shell/sections.ts';
import { Button, Card, Skeleton } from '../../ui/index.ts';
import { appPathUrl } from '@switchboard/core/rules/appPath';
import { useCampaign, useModelStatus } from '../agents/api.ts';
import { ModelStatusLine, modeLabel, Walkthrough } from '../agents/index.ts';
import { SuperAdminPanel, TreePanel } from '../accounts/index.ts';
import { useNeedsPerson, useTodayCount, useUnreadCount } from '../inbox/api.ts';
import { NeedsPersonList, timeAgo } from '../inbox/index.ts';
import { useCalls } from '../calls/api.ts';
import { startOfTodayIn, useOrgDay } from '../reports/index.ts';

/**
 * Home answers "is my agent working?": the agent's state and number, today's conversations, what
 * needs a person, the getting-started checklist while it is incomplete, then the accounts below
 * (a console's resellers and organizations, an organization's agents). Ids and usernames live in Settings.
 */
export default function HomeSection({ account, path }: SectionProps) {
  const isConsole = account.accountType === 'partner' || account.accountType === 'reseller';
  const superAdmin = account.user.superAdmin && account.id === account.user.id;
  return (
    <div className="flex flex-col gap-6" data-home={account.id}>
      <header>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{account.displayName}</h1>
        {account.user.id !== account.id && (
          <p className="mt-1 text-sm text-slate-500" data-signed-in-as={account.user.email ?? account.user.username}>
            You manage this account as {account.user.email ?? `@${account.user.username}`}
          </p>
        )}
      </header>
      {superAdmin && <SuperAdminPanel account={account} path={path} />}
      {!isConsole && <AgentHome account={account} path={path} />}
      {/* The accounts below this one: resellers and organizations of a console, an organization's agents. */}
      {account.accountType !== 'agent' && <TreePanel account={account} path={path} />}
    </div>
  );
}

function AgentHome({ account, path }: SectionProps) {
  const base = path.length ? appPathUrl(path) : '/app';
  const inboxHref = path.length ? sectionUrl(base, 'inbox') : '/inbox';
  const open = useOpenOverlay();
  const target = path.length ? account.id : null;
  const staging = useCampaign(target, 'staging');
  const isOrg = account.accountType === 'organization';
  const onboarding = account.settings.onboarding as { onboardingComplete?: boolean } | undefined;
  const canEdit = account.permissions.canEditOrg;
  const c = staging.data?.campaign;
  const number = account.vidaPhoneNumber;
  // Without a language model the agent takes messages: said so, never "Live".
  const model = useModelStatus(target);
  const takingMessages = model.data?.mode === 'messages';
  const live = !!c && !!model.data && !takingMessages;

  return (
    <>
      <Card className="p-5">
        <div className="flex flex-wrap items-start gap-4">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
            <Bot className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-slate-900">Your AI agent</h2>
            {staging.isLoading ? (
              <Skeleton className="mt-2 h-4 w-48" />
            ) : staging.isError ? (
              <p className="mt-1 text-sm text-red-700">We could not read the agent: {(staging.error as Error).message}</p>
            ) : (
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="agent-state">
                <span
                  className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${live ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
                >
                  <span className={`size-1.5 rounded-full ${live ? 'bg-emerald-500' : 'bg-amber-500'}`} aria-hidden />
                  {takingMessages ? modeLabel(model.data) : live ? 'Live: answering chats' : 'Not live yet'}
                </span>
                {staging.data?.hasUnpublishedChanges && <span className="text-xs text-slate-500">Draft changes not yet live</span>}
                {c?.mode === 'TEMPLATE' && staging.data?.template && (
                  <span className="text-xs text-slate-500">From the {staging.data.template.name} template</span>
                )}
              </p>
            )}
            <div className="mt-2">
              <ModelStatusLine target={target} />
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="agent-number">
              <Phone className="size-4 text-slate-400" aria-hidden />
              {number ? formatPhone(number) : 'No phone number yet'}
              {!number && canEdit && isOrg && (
                <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => open('selectNumber')}>
                  Choose a number
                </button>
              )}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {canEdit && !onboarding?.onboardingComplete && (
            <Button size="sm" onClick={() => open('onboard')}>
              <Rocket className="size-4" aria-hidden /> Get started
            </Button>
          )}
          {canEdit && (
            <Link
              to={sectionUrl(base, 'agents')}
              className="inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              Edit agent
            </Link>
          )}
          <Button size="sm" variant="secondary" onClick={() => open('testAgent')}>
            <MessageSquare className="size-4" aria-hidden /> Test the agent
          </Button>
        </div>
      </Card>
      {isOrg && <TodayCards accountId={account.id} inboxHref={inboxHref} hasNumber={!!number} />}
      <Walkthrough account={account} />
    </>
  );
}

function TodayCards({ accountId, inboxHref, hasNumber }: { accountId: number; inboxHref: string; hasNumber: boolean }) {
  // "Today" is the organization's day (its business hours' time zone, as Reports count it), not the browser's.
  const day = useOrgDay(accountId);
  const since = day.isPending ? null : startOfTodayIn(day.data?.timezone);
  const today = useTodayCount(accountId, since);
  const calls = useCalls(accountId);
  const callsToday = since == null ? 0 : (calls.data?.calls.filter((c) => c.startedAt >= since).length ?? 0);
  const needs = useUnreadCount(accountId, 'priority');
  // What the AI did that a person must follow up counts as needing a person too.
  const actions = useNeedsPerson(accountId);
  const followUps = actions.data?.items.length ?? 0;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {/* min-w-0: a long last message truncates inside the card instead of widening the page on a phone. */}
      <Card className="min-w-0 p-5">
        <h2 className="text-sm font-medium text-slate-600">Today</h2>
        {today.isPending || since == null ? (
          <Skeleton className="mt-2 h-8 w-24" />
        ) : today.isError ? (
          <p className="mt-2 text-sm text-red-700">{(today.error as Error).message}</p>
        ) : (
          <>
            <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="today-conversations">
              {today.data.count}
              {today.data.more ? '+' : ''}
            </p>
            <p className="text-sm text-slate-600">
              conversation{today.data.count === 1 ? '' : 's'} today, {today.data.byAi} answered by your AI agent
            </p>
            <p className="mt-1 text-xs text-slate-500" data-testid="today-calls">
              {callsToday > 0
                ? `${callsToday} call${callsToday === 1 ? '' : 's'} today`
                : hasNumber
                  ? 'No calls today yet.'
                  : 'Calls show here once a phone number is connected.'}
            </p>
            {today.data.recent.length > 0 && (
              <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
                {today.data.recent.map((r) => (
                  <li key={r.roomId}>
                    <Link
                      to={`${inboxHref}?${r.inboxType === 'agent' ? 'filter=agent&' : ''}active=${encodeURIComponent(r.roomId)}`}
                      className="flex items-center gap-2 py-2 text-sm hover:bg-slate-50"
                    >
                      <span className="truncate font-medium text-slate-800">{formatPhone(r.username)}</span>
                      <span className="min-w-0 flex-1 truncate text-slate-500">{r.lastMessage}</span>
                      <span className="shrink-0 text-xs text-slate-500">{timeAgo(r.lastMessageTimestamp)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
      <Card className="min-w-0 p-5">
        <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600">
          <CircleAlert className="size-4" aria-hidden /> Needs a person
        </h2>
        {needs.isPending ? (
          <Skeleton className="mt-2 h-8 w-24" />
        ) : (
          <>
            <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="needs-person">
              {(needs.data ?? 0) + followUps}
            </p>
            <p className="text-sm text-slate-600">
              {needs.data
                ? `${needs.data} unread conversation${needs.data === 1 ? '' : 's'} your team handles`
                : 'No unread conversations for your team.'}
              {followUps > 0 && ` ${followUps} thing${followUps === 1 ? '' : 's'} the AI did to follow up.`}
            </p>
            <h3 className="mt-4 text-xs font-medium tracking-wide text-slate-500 uppercase">What the AI did that needs you</h3>
            <div className="mt-1">
              <NeedsPersonList accountId={accountId} inboxPath={inboxHref} />
            </div>
            <Link to={inboxHref} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
              Open the inbox
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
