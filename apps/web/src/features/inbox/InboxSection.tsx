import type { SectionProps } from '../../shell/sections.ts';
import { InboxView } from './InboxPage.tsx';

/** The Inbox section: the acting organization's conversations. */
export default function InboxSection({ account }: SectionProps) {
  return <InboxView accountId={account.id} account={account} />;
}
