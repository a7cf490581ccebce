import type { DbOrTx } from '../../db.ts';
import { integrationsRepository } from './repository.ts';

export function connectedIntegrations(db: DbOrTx, accountId: number): Promise<string[]> {
  return integrationsRepository.connectedSlugs(db, accountId);
}
