import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallTurn } from '../api.ts';
import { ListenIn, type ListenState } from '../listenIn.ts';

/** A live call as a viewer: its transcript, whether we listen or speak, take over and hang up. */
export function useListenIn(callId: string | null, target: number | null) {
  const ref = useRef<ListenIn | null>(null);
  const [state, setState] = useState<ListenState>('connecting');
  const [turns, setTurns] = useState<CallTurn[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!callId) return;
    setTurns([]);
    const l = new ListenIn(callId, target, { onTurn: (t) => setTurns((list) => [...list, t]), onState: setState, onError: setError });
    ref.current = l;
    l.start();
    return () => l.stop();
  }, [callId, target]);

  const takeOver = useCallback(() => void ref.current?.takeOver(), []);
  const hangUp = useCallback(() => ref.current?.hangUp(), []);
  return { state, turns, error, takeOver, hangUp };
}
