import { ArrowRight, BookOpen, Bot, Code2, Inbox, Phone, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageFrame } from './PageFrame.tsx';
import { useTitle } from '../shell/useTitle.ts';

interface DocSection {
  id: string;
  icon: typeof Bot;
  title: string;
  body: string;
  steps: string[];
  /** Where in the app this is done (a real route or overlay address). */
  links: { to: string; label: string }[];
}

const sections: DocSection[] = [
  {
    id: 'agents',
    icon: Bot,
    title: 'Build an agent',
    body: 'Start from a template or from scratch. Write the instructions, add functions and apps, test it in the browser, then publish. Earlier versions stay available to restore.',
    steps: [
      'Open Get started: pick a template and answer its questions, or describe your business and we write the first instructions.',
      'Edit the instructions and the greeting. Changes save as a draft by themselves; callers keep talking to the live version.',
      'Try the agent in the test chat, then publish: the draft becomes live.',
    ],
    links: [
      { to: '/app?onboard=true', label: 'Get started' },
      { to: '/app?editAgent=true', label: 'Edit your agent' },
      { to: '/app?testAgent=true', label: 'Test your agent' },
    ],
  },
  {
    id: 'inbox',
    icon: Inbox,
    title: 'Inbox',
    body: 'Every SMS and chat lands in one inbox. Priority holds the conversations a person handles; Junk holds the ones your AI agent handles and blocked senders. Take over a conversation at any time; the agent steps back until you hand it over.',
    steps: [
      'Open a conversation to read it; it is marked read.',
      'Reply, react or attach a file; the visitor sees it live.',
      'Close a conversation when it is done; a new message opens it again.',
    ],
    links: [{ to: '/inbox', label: 'Open the inbox' }],
  },
  {
    id: 'numbers',
    icon: Phone,
    title: 'Numbers and calls',
    body: 'Pick a number or bring your own, forward your existing line, and decide when the agent transfers a caller to a person.',
    steps: ['Search for a number by area code.', 'Each number answers with one agent.'],
    links: [{ to: '/app?selectNumber=true', label: 'Choose a number' }],
  },
  {
    id: 'accounts',
    icon: Users,
    title: 'Accounts and teams',
    body: 'Partners and resellers create organizations and agents below them. Invite admin users to any account; one of them can be the owner.',
    steps: ['Invite a member by e-mail: they get a sign-in link that works once.', 'Owners remove members and manage billing.'],
    links: [{ to: '/app?members=true', label: 'Manage members' }],
  },
];

/** Product documentation: a guide per part of the product, each linking to where it is done, and the API reference at /docs/api. */
export default function Docs() {
  useTitle('Documentation');
  return (
    <PageFrame wide>
      <div className="flex items-center gap-3">
        <BookOpen className="size-7 text-brand-600" aria-hidden="true" />
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Documentation</h1>
      </div>
      <p className="mt-2 max-w-2xl text-slate-600">How Switchboard works, from your first agent to a whole tree of customer accounts.</p>
      <nav aria-label="On this page" className="mt-6 flex flex-wrap gap-2">
        {sections.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
          >
            {s.title}
          </a>
        ))}
        <a href="/docs/api" className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
          API reference
        </a>
      </nav>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {sections.map(({ id, icon: Icon, title, body, steps, links }) => (
          <section
            key={id}
            id={id}
            aria-labelledby={`${id}-title`}
            className="flex scroll-mt-6 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <Icon className="size-6 text-brand-600" aria-hidden="true" />
            <h2 id={`${id}-title`} className="mt-3 text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm leading-6 text-slate-700">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-4">
              {links.map((l) => (
                <Link key={l.to} to={l.to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                  {l.label} <ArrowRight className="size-3.5" aria-hidden="true" />
                </Link>
              ))}
            </div>
          </section>
        ))}
      </div>
      <section className="mt-8 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center">
        <Code2 className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="text-base font-semibold text-slate-900">API reference</h2>
          <p className="mt-1 text-sm text-slate-700">
            Every endpoint with its parameters and answers. Authenticate with an API token as the `token` query parameter.
          </p>
        </div>
        {/* A full page load: /docs/api is served by the server, not by the app. */}
        <a
          href="/docs/api"
          className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Open the API reference
        </a>
      </section>
    </PageFrame>
  );
}
