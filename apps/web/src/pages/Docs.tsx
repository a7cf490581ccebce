import { BookOpen, Bot, Code2, Inbox, Phone, Users } from 'lucide-react';
import { PageFrame } from './PageFrame.tsx';
import { useTitle } from '../shell/useTitle.ts';

const sections = [
  { icon: Bot, title: 'Build an agent', body: 'Start from a template or from scratch. Write the instructions, add functions and apps, test it in the browser, then publish. Earlier versions stay available to restore.' },
  { icon: Phone, title: 'Numbers and calls', body: 'Pick a number or bring your own, forward your existing line, and decide when the agent transfers a caller to a person.' },
  { icon: Inbox, title: 'Inbox', body: 'Every SMS, chat and call transcript lands in one inbox. Take over a conversation at any time; the agent steps back until you hand it over.' },
  { icon: Users, title: 'Accounts and teams', body: 'Partners and resellers create organizations and agents below them. Invite admin users to any account; one of them can be the owner.' },
];

/** Product documentation, with the API reference at /docs/api. */
export default function Docs() {
  useTitle('Documentation');
  return (
    <PageFrame wide>
      <div className="flex items-center gap-3">
        <BookOpen className="size-7 text-brand-600" aria-hidden="true" />
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Documentation</h1>
      </div>
      <p className="mt-2 max-w-2xl text-slate-600">How Switchboard works, from your first agent to a whole tree of customer accounts.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {sections.map(({ icon: Icon, title, body }) => (
          <section key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Icon className="size-6 text-brand-600" aria-hidden="true" />
            <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
          </section>
        ))}
      </div>
      <section className="mt-8 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center">
        <Code2 className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="text-base font-semibold text-slate-900">API reference</h2>
          <p className="mt-1 text-sm text-slate-700">Every endpoint with its parameters and answers. Authenticate with an API token as the `token` query parameter.</p>
        </div>
        {/* A full page load: /docs/api is served by the server, not by the app. */}
        <a href="/docs/api" className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          Open the API reference
        </a>
      </section>
    </PageFrame>
  );
}
