import { CalendarCheck, MessageSquareText, PhoneForwarded, Wrench } from 'lucide-react';
import type { Message } from '../api.ts';
import { clock } from '../format.ts';

const ICONS = { 'Booked an appointment': CalendarCheck, 'Took a message': MessageSquareText, 'Asked to transfer': PhoneForwarded } as const;

/** An agent action recorded in the thread (a booking, a message taken, a transfer, a function call). */
export function ThreadEvent({ m }: { m: Message }) {
  const Icon = Object.entries(ICONS).find(([prefix]) => m.body.startsWith(prefix))?.[1] ?? Wrench;
  return (
    <li className="flex justify-center" data-message-id={m.id} data-event>
      <p className="flex max-w-[90%] items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-950 ring-1 ring-amber-200">
        <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">AI agent: </span>
          {m.body}
          <span className="text-amber-800"> · {clock(m.createdAt)}</span>
        </span>
      </p>
    </li>
  );
}
