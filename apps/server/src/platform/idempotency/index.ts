/**
 * Idempotency: a write that sends something outside or moves money carries a key, stored in a unique
 * `idempotency_key` column, so a retry finds the first attempt instead of repeating it.
 */

/** A key the client chose, scoped to its sender so two callers never collide: `scope:owner:key` (null without one). */
export function clientKey(scope: string, owner: string | number, key: string | null | undefined): string | null {
  return key ? `${scope}:${owner}:${key}` : null;
}

/**
 * The one idempotency helper: runs `insert` (an INSERT ... ON CONFLICT (idempotency_key) DO NOTHING
 * RETURNING, which gives undefined when the key exists) and, when the key was already taken, reads the
 * earlier row with `existing`.
 */
export async function insertOnce<T, U = T>(
  insert: () => Promise<T | undefined>,
  existing: () => Promise<U>,
): Promise<{ row: T; repeated: false } | { row: U; repeated: true }> {
  const row = await insert();
  return row !== undefined ? { row, repeated: false } : { row: await existing(), repeated: true };
}
