import { useAccount } from '../../../api/hooks.ts';

/** The signed-in account's own name (the top of every path). */
export function SelfLabel() {
  const { data } = useAccount(null);
  return <>{data?.displayName ?? 'Your account'}</>;
}
