import type { Deps } from '../../../deps.ts';
import { callsRepository } from '../repository.ts';

/** Recordings are kept this many days unless the organization says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/** The retention job: deletes recordings older than each organization's setting. Returns how many went. */
export async function pruneRecordings(deps: Pick<Deps, 'db' | 'files'>, now = Date.now()): Promise<number> {
  const { db } = deps;
  let removed = 0;
  for (const { account_id } of await callsRepository.accountsWithRecordings(db)) {
    const days = (await callsRepository.settings(db, account_id))?.recording_retention_days ?? DEFAULT_RETENTION_DAYS;
    for (const r of await callsRepository.expiredRecordings(db, account_id, now - days * DAY_MS)) {
      await deps.files.delete(r.recording_key!);
      await callsRepository.update(db, r.id, { recording_key: null, recording_bytes: null });
      removed++;
    }
  }
  return removed;
}
