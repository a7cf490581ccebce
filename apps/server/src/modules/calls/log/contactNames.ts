import type { Call } from '@switchboard/core/contracts/calls';
import type { DbOrTx } from '../../../db.ts';
import { contactNamesByAddress } from '../../contacts/index.ts';
import { planCallCosts } from '../costs/costs.ts';
import { toCall } from '../mappers.ts';
import type { CallRow } from '../repository.ts';

/** The other party's number: the caller of an inbound call, the callee of an outbound one (none for browser calls). */
const otherParty = (r: CallRow): string | null =>
  r.direction === 'inbound' ? r.from_number : r.direction === 'outbound' ? r.to_number : null;

/** Calls with the name of the organization's contact on the other end, looked up in each call's own organization, costed by its plan. */
export async function withContactNames(db: DbOrTx, rows: readonly CallRow[]): Promise<Call[]> {
  const byOrg = new Map<number, Map<string, string>>();
  for (const orgId of new Set(rows.map((r) => r.account_id)))
    byOrg.set(
      orgId,
      await contactNamesByAddress(
        db,
        orgId,
        rows.filter((r) => r.account_id === orgId).flatMap((r) => otherParty(r) ?? []),
      ),
    );
  const costs = await planCallCosts(db, rows);
  return rows.map((r) => {
    const party = otherParty(r);
    return { ...toCall(r, costs.get(r.id)), contactName: party ? (byOrg.get(r.account_id)?.get(party) ?? null) : null };
  });
}
