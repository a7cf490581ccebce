import type { Db, DbOrTx } from '../../db.ts';
import type { AccountRow } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { statsReadModel as read } from './repository/readModels.ts';

/** The organizations a report covers, and the agent it is narrowed to (an agent acting, or a chosen one). */
export interface ReportScope {
  organizations: { id: number; name: string }[];
  agentId: number | null;
  /** A partner or reseller: its organizations side by side. */
  sideBySide: boolean;
}

const nameOf = (a: Pick<AccountRow, 'account_name' | 'name' | 'username'>) => a.account_name ?? a.name ?? a.username;

/** What the acting account's reports cover: itself (organization), its organization narrowed to it (agent), or the organizations below it (partner, reseller). */
export async function reportScope(db: Db, acting: AccountRow, agentId?: number): Promise<ReportScope> {
  const type = acting.account_type;
  if (type === 'organization')
    return { organizations: [{ id: acting.id, name: nameOf(acting) }], agentId: agentId ?? null, sideBySide: false };
  if (type === 'agent' && acting.organization_id != null) {
    const org = await read.account(db, acting.organization_id);
    return { organizations: org ? [{ id: org.id, name: nameOf(org) }] : [], agentId: acting.id, sideBySide: false };
  }
  if (type === 'partner' || type === 'reseller') {
    const rows = await read.organizationsUnder(db, type === 'partner' ? 'partner_id' : 'reseller_id', acting.id);
    return { organizations: rows.map((r) => ({ id: r.id, name: nameOf(r) })), agentId: agentId ?? null, sideBySide: true };
  }
  return { organizations: [], agentId: null, sideBySide: false };
}

/** The access table's scoped lookup: agents, by id, inside the acting account's reports. */
export async function agentsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, { id: number; organizationId: number }>> {
  const found = new Map<string | number, { id: number; organizationId: number }>();
  const numeric = [...new Set(ids.map(Number))].filter((n) => Number.isInteger(n));
  if (numeric.length === 0) return found;
  const scope = await reportScope(db as Db, ctx.acting);
  const orgIds = scope.organizations.map((o) => o.id);
  if (orgIds.length === 0) return found;
  for (const r of await read.agentsOf(db, numeric, orgIds, scope.agentId))
    found.set(
      ids.find((i) => Number(i) === r.id)!,
      { id: r.id, organizationId: r.organization_id! },
    );
  return found;
}

/** The access table's scoped lookup: campaigns (agent configurations), by id, inside the acting account's reports. */
export async function campaignsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, { id: number; agentId: number }>> {
  const numeric = [...new Set(ids.map(Number))].filter((n) => Number.isInteger(n));
  const found = new Map<string | number, { id: number; agentId: number }>();
  if (numeric.length === 0) return found;
  const rows = await read.campaignOwners(db, numeric);
  const agents = await agentsInReach(
    db,
    ctx,
    rows.map((r) => r.account_id),
  );
  const orgs = new Set((await reportScope(db as Db, ctx.acting)).organizations.map((o) => o.id));
  for (const r of rows) {
    // A campaign belongs to an agent account, or to the organization itself (its default agent).
    if (agents.has(r.account_id) || (orgs.has(r.account_id) && ctx.acting.account_type !== 'agent')) {
      found.set(
        ids.find((i) => Number(i) === r.id)!,
        { id: r.id, agentId: r.account_id },
      );
    }
  }
  return found;
}
