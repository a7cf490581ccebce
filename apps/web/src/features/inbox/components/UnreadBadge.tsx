import type { AccountView } from '../../../api/hooks.ts';
import { useUnreadCount } from '../api.ts';

/** The navigation's count beside Inbox: priority conversations with unread messages. */
export default function UnreadBadge({ account }: { account: AccountView }) {
  const { data } = useUnreadCount(account.id);
  if (!data) return null;
  return (
    <span
      className="ml-auto rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] leading-none font-semibold text-white"
      data-unread-count={data}
    >
      {data > 99 ? '99+' : data}
      <span className="sr-only"> unread</span>
    </span>
  );
}
