import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallTurn } from '../api.ts';
import { WebCall } from '../webCall.ts';

export type WebCallState = 'idle' | 'connecting' | 'live' | 'ended';

/** One web call's live state: connection, transcript turns as they come, notices and errors. */
export function useWebCall() {
  const call = useRef<WebCall | null>(null);
  const [state, setState] = useState<WebCallState>('idle');
  const [turns, setTurns] = useState<CallTurn[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(async (ticket: string) => {
    call.current?.hangUp();
    setTurns([]);
    setNotices([]);
    setError(null);
    const c = new WebCall({
      onTurn: (t) => setTurns((list) => [...list, t]),
      onNotice: (n) => setNotices((list) => (list.includes(n) ? list : [...list, n])),
      onState: setState,
      onError: setError,
    });
    call.current = c;
    await c.start(ticket);
  }, []);

  const hangUp = useCallback(() => call.current?.hangUp(), []);
  useEffect(() => () => call.current?.hangUp(), []);

  return { state, turns, notices, error, start, hangUp };
}
