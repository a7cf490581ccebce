/**
 * Agent actions as thread events: each function call of an agent reply becomes a 'system' message in
 * the conversation ("Booked an appointment · name: Ana · time: Tuesday 3pm"), so staff see what the AI
 * did. Bookings, messages taken and transfers need a person to follow them up.
 */
export interface AgentAction {
  name: string;
  appId?: string;
  arguments: Record<string, unknown>;
  ok: boolean;
}

export type EventKind = 'booking' | 'message' | 'transfer' | 'function';

const KINDS: Record<string, { kind: EventKind; label: string }> = {
  book_appointment: { kind: 'booking', label: 'Booked an appointment' },
  take_message: { kind: 'message', label: 'Took a message' },
  // Without a model the agent takes messages; the last one hands the conversation to a person.
  message_taken: { kind: 'message', label: 'Message taken' },
  transfer_call: { kind: 'transfer', label: 'Asked to transfer to a person' },
};

const MAX_VALUE = 120;

/** The action as one line of text: what happened, then its arguments (shortened), then a failure. */
/** Actions that hand the conversation to a person: it moves to the Priority inbox. */
const HAND_OFF = new Set(['message_taken']);

export function describeAction(a: AgentAction): { kind: EventKind; body: string; needsPerson: boolean; handOff: boolean } {
  const known = KINDS[a.name];
  const kind = known?.kind ?? 'function';
  const label = known?.label ?? `Ran ${a.name.replace(/_/g, ' ')}`;
  const details = Object.entries(a.arguments ?? {})
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      return `${k.replace(/_/g, ' ')}: ${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text}`;
    });
  const body = [a.ok ? label : `${label} (failed)`, ...details].join(' · ');
  return { kind, body, needsPerson: a.ok && kind !== 'function', handOff: a.ok && HAND_OFF.has(a.name) };
}

/** The function calls of a runtime reply, read defensively (the adapter types them as unknown). */
export function actionsOf(functionCalls: unknown[] | undefined): AgentAction[] {
  return (functionCalls ?? []).flatMap((c) => {
    const r = c as Partial<AgentAction> | null;
    if (!r || typeof r.name !== 'string') return [];
    const args = r.arguments && typeof r.arguments === 'object' ? (r.arguments as Record<string, unknown>) : {};
    return [{ name: r.name, appId: r.appId, arguments: args, ok: r.ok !== false }];
  });
}
