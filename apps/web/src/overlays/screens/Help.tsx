import { BookOpen, Code2, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { OverlayFrame } from '../OverlayFrame.tsx';
import type { OverlayProps } from '../registry.ts';

/** In-product help for the default brand; the key's value (or `docsPage`) names the docs page. */
const TOPICS: Record<string, { title: string; body: string[] }> = {
  billing: {
    title: 'Billing and plans',
    body: [
      'Your plan sets the included minutes and messages. Usage above it is drawn from your credit wallet.',
      'Invoices and receipts are sent to the account e-mail.',
    ],
  },
  payouts: {
    title: 'Payouts',
    body: [
      'Connect a Stripe account from your wallet to receive payouts.',
      'If connecting failed, start again from the wallet; nothing is paid out until the connection completes.',
    ],
  },
  numbers: {
    title: 'Phone numbers',
    body: ['Pick a number by area code, or bring your own and forward calls to it.', 'Each number answers with one agent.'],
  },
  members: {
    title: 'Members',
    body: ['Invite admin users by e-mail. They get a sign-in link that works once.', 'Owners can remove members and manage billing.'],
  },
  agents: {
    title: 'Agents',
    body: [
      'Write the instructions, test the agent in the browser, then publish.',
      'Drafts are saved automatically; earlier versions can be restored.',
    ],
  },
};

const GENERAL = {
  title: 'How can we help?',
  body: ['Switchboard runs AI agents that answer your calls, texts and chats, and hands conversations to you when needed.'],
};

export default function Help({ value, params }: OverlayProps) {
  const page = [value, params.get('docsPage')].find((v) => v && v !== 'true') ?? null;
  const topic = (page && TOPICS[page]) || GENERAL;
  return (
    <OverlayFrame title={topic.title} description={page && !TOPICS[page] ? `Help for “${page}”` : undefined} size="md">
      <div className="space-y-3 text-sm leading-6 text-slate-700">
        {topic.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <ul className="mt-6 grid gap-2">
        <li>
          <a href="/docs" className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
            <BookOpen className="size-5 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-900">Documentation</span>
              <span className="block text-xs text-slate-500">Guides for every part of the product</span>
            </span>
          </a>
        </li>
        <li>
          <a href="/docs/api" className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
            <Code2 className="size-5 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-900">API reference</span>
              <span className="block text-xs text-slate-500">Endpoints, parameters and answers</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href="mailto:support@switchboard.test"
            className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50"
          >
            <LifeBuoy className="size-5 text-brand-600" aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-900">Contact support</span>
              <span className="block text-xs text-slate-500">We answer within one business day</span>
            </span>
          </a>
        </li>
      </ul>
      {Object.keys(TOPICS).length > 0 && (
        <nav aria-label="Help topics" className="mt-6">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Topics</h3>
          <div className="mt-2 flex flex-wrap gap-2">
            {Object.entries(TOPICS).map(([k, t]) => (
              <Link
                key={k}
                to={{ search: helpSearch(params, k) }}
                replace
                className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 hover:bg-slate-200"
                aria-current={k === page ? 'page' : undefined}
              >
                {t.title}
              </Link>
            ))}
          </div>
        </nav>
      )}
    </OverlayFrame>
  );
}

function helpSearch(params: URLSearchParams, page: string): string {
  const q = new URLSearchParams(params);
  q.delete('docsPage');
  q.set('help', page);
  return `?${q}`;
}
