import { typeLabel } from './typeLabel.ts';
import { useAccount } from '../../../api/hooks.ts';

/** An account's name in the path (from the cached account read); its type and id until it arrives. */
export function CrumbLabel({ type, id }: { type: string; id: number }) {
  const { data } = useAccount(id);
  return <>{data?.displayName ?? `${typeLabel[type]} ${id}`}</>;
}
