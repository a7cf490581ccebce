import type { SectionProps } from '../../shell/sections.ts';
import { LinkPageEditor } from './components/LinkPageEditor.tsx';
import { LinkStatsCard } from './components/LinkStatsCard.tsx';
import { ReferralsCard } from './components/ReferralsCard.tsx';

/** The "Link page" section: the public page's editor with its live preview, and its statistics. */
export default function LinkPageSection({ account }: SectionProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <header>
        <h1 className="text-xl font-semibold text-slate-900">Link page</h1>
        <p className="text-sm text-slate-600">One page with all your links, your AI agent and ways to reach you.</p>
      </header>
      <LinkPageEditor name={account.displayName} image={account.profileImage} />
      <LinkStatsCard />
      <ReferralsCard />
    </div>
  );
}
