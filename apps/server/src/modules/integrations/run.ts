import type { Deps } from '../../deps.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { insertOnce } from '../../platform/idempotency/index.ts';
import type { FunctionContext, FunctionOutcome } from '../apps/index.ts';
import { ADAPTERS, IntegrationCallError } from './adapters/index.ts';
import { adapterContext, integrationDefinition } from './connection.ts';
import { isMcpSlug, mcpAdapter } from './mcpApps.ts';
import { integrationCallsRepository, integrationsRepository } from './repository.ts';

/**
 * Runs an agent function of a connected integration (called from apps/execute.ts runFunction). The
 * call is recorded once per idempotency key: a retried turn that already succeeded gets the recorded
 * result without calling the service again. Each outcome is the integration's health.
 */
export async function runIntegrationFunction(
  deps: Deps,
  ctx: FunctionContext,
  slug: string,
  fn: string,
  args: Record<string, unknown>,
): Promise<FunctionOutcome> {
  const def = integrationDefinition(slug);
  const adapter = isMcpSlug(slug) ? mcpAdapter : ADAPTERS[slug];
  const fail = (error: string, status: number | null = null): FunctionOutcome => ({
    ok: false,
    result: { ok: false, valid: false, status, error },
  });
  if (!def || !adapter) return fail(`${slug} is not an integration`);
  const row = await integrationsRepository.read(deps.db, ctx.accountId, slug);
  if (!row || row.connected_at == null) return fail(`${def.name} is not connected`);

  const once = await insertOnce(
    () =>
      integrationCallsRepository.insert(deps.db, {
        account_id: ctx.accountId,
        slug,
        fn,
        idempotency_key: ctx.idempotencyKey,
        now: Date.now(),
      }),
    () => integrationCallsRepository.byKey(deps.db, ctx.idempotencyKey),
  );
  if (once.repeated && once.row.status === 'done')
    return { ok: true, result: { ...fromJson<Record<string, unknown>>(once.row.result, {}), repeated: true } };

  const at = Date.now();
  try {
    const result = await adapter.run(adapterContext(deps, ctx.accountId, row), fn, {
      args,
      message: ctx.message,
      ...(ctx.conversation?.from ? { from: ctx.conversation.from } : {}),
      ...(ctx.conversation?.roomId ? { roomId: ctx.conversation.roomId } : {}),
    });
    await integrationCallsRepository.finish(deps.db, once.row.id, 'done', result);
    await integrationsRepository.health(deps.db, ctx.accountId, slug, { ok: true, at });
    return { ok: true, result };
  } catch (err) {
    if (!(err instanceof IntegrationCallError)) throw err;
    const out = fail(err.message.replace(/\.$/, ''), err.status);
    if (err.retryAfterSec != null) out.result.retryAfterSec = err.retryAfterSec;
    await integrationCallsRepository.finish(deps.db, once.row.id, 'failed', out.result);
    await integrationsRepository.health(deps.db, ctx.accountId, slug, { ok: false, at, error: err.message });
    return out;
  }
}
