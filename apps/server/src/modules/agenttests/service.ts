import crypto from 'node:crypto';
import { scenarioInput, type CampaignData, type ScenarioInput, type TestProgress, type TestRun, type TestStatus } from '@switchboard/core';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { isModel } from '../../platform/providers/llm/index.ts';
import type { Write } from '../../platform/unitOfWork.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { voiceSettingsOf, type AgentRuntime, type AgentsService } from '../agents/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { enginesFor, type TestCallLine, type VoiceEngines } from '../calls/index.ts';
import { playCall } from './call.ts';
import { agentTestsRepository as repo, type ResultRow, type ScenarioRow, type ScenarioSpec } from './repository.ts';
import { judge, playScenario } from './runner.ts';

/** Scenarios an agent may have, and how many of a run play at the same time. */
export const MAX_SCENARIOS = 50;
export const PARALLEL_SCENARIOS = 5;
export const RUN_JOB = 'agenttests.run';

type Copy = 'staging' | 'default';

/** A fingerprint of an agent copy's configuration: runs of the same version share it. */
export function versionHashOf(data: CampaignData): string {
  const { published: _p, ...rest } = data as CampaignData & { published?: boolean };
  return crypto.createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16);
}

/** Who sees a run's progress: the staff of the agent's organization (the agent's own inbox scope). */
const scopeOf = (a: AccountRow) => ({
  accountId: a.account_type === 'agent' ? (a.organization_id ?? a.id) : a.id,
  agentId: a.account_type === 'agent' ? a.id : null,
  contactAccountId: null,
});

/**
 * Agent test suites: scenarios per agent, runs as jobs with live progress ('agent.test' events), kept
 * per agent version, and the publish gate (`gate`: agents' publish asks it through a port).
 */
export function createAgentTestsService(
  deps: Deps,
  runtime: AgentRuntime,
  agents: Pick<AgentsService, 'data'>,
  inbox: { write: Write<Database>; queue: JobQueue },
  /** The speech engines of calls: a voice scenario is played as a call through them. */
  voice: VoiceEngines,
  /** Where a voice scenario's test call comes in: the server's media WebSocket (the calls module's test calls). */
  testCalls: TestCallLine,
) {
  const { db, log } = deps;

  function validate(input: ScenarioInput): ScenarioSpec {
    const spec = scenarioInput.parse(input);
    if (!spec.openingMessage && spec.turns.length === 0)
      throw badRequest('openingMessage: Please write what the customer says first.', 'openingMessage');
    return spec;
  }

  async function mustScenario(ctx: AuthContext, id: number) {
    const s = await repo.scenario(db, ctx.acting.id, id);
    if (!s) throw notFound('Scenario not found.');
    return s;
  }

  async function present(ctx: AuthContext, s: ScenarioRow, last?: ResultRow) {
    return {
      id: s.id,
      agentId: s.accountId,
      ...s.spec,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      last: last
        ? { runId: last.runId, status: last.status, reason: last.failure?.reason ?? null, at: last.finishedAt ?? last.startedAt ?? 0 }
        : null,
    };
  }

  /** Creates a run of `scenarios` against a copy (results queued), returning its id. */
  async function createRun(
    ctx: AuthContext,
    scenarios: ScenarioRow[],
    copy: Copy,
    trigger: 'manual' | 'publish',
    compareId: string | null,
    enqueue: boolean,
  ): Promise<number> {
    const versionHash = versionHashOf(await agents.data(ctx.acting, copy));
    return inbox.write(async (trx, emit) => {
      const runId = await repo.insertRun(trx, ctx.acting.id, { copy, versionHash, compareId, trigger, createdBy: ctx.user.id }, scenarios);
      await emit({ type: 'agent.test', ...scopeOf(ctx.acting), payload: progress(runId, ctx.acting.id, 'queued', scenarios.length) });
      if (enqueue) await inbox.queue.enqueue(RUN_JOB, { runId }, { key: `${RUN_JOB}:${runId}`, maxAttempts: 3 }, trx);
      return runId;
    });
  }

  function progress(runId: number, agentId: number, status: TestStatus, total: number, more: Partial<TestProgress> = {}): TestProgress {
    return { runId, agentId, status, total, done: 0, passed: 0, failed: 0, scenarioId: null, scenarioStatus: null, reason: null, ...more };
  }

  /**
   * Plays a run's scenarios, at most PARALLEL_SCENARIOS at a time, and records each result. Safe to run
   * twice (a job retried after a crash): finished results are kept, the others played again.
   */
  async function execute(runId: number): Promise<void> {
    const rec = await repo.runRecord(db, runId);
    if (!rec || ['passed', 'failed', 'error'].includes(rec.status)) return;
    const account = await findAccount(db, rec.account_id);
    if (!account) return;
    const scope = scopeOf(account);
    const results = await repo.results(db, runId);
    const finished = (s: TestStatus) => s === 'passed' || s === 'failed' || s === 'error';
    const count = {
      done: results.filter((r) => finished(r.status)).length,
      passed: results.filter((r) => r.status === 'passed').length,
      failed: results.filter((r) => r.status === 'failed' || r.status === 'error').length,
    };
    // Progress events go out one after another, each with the counts as they stood (never out of order).
    let chain: Promise<unknown> = Promise.resolve();
    const publish = (status: TestStatus, more: Partial<TestProgress> = {}, update?: () => void) => {
      chain = chain.then(() =>
        inbox.write(async (trx, emit) => {
          update?.();
          if (!more.scenarioId) await repo.setRunStatus(trx, runId, status, finished(status));
          await emit({ type: 'agent.test', ...scope, payload: progress(runId, account.id, status, rec.total, { ...count, ...more }) });
        }),
      );
      return chain;
    };
    await publish('running');

    const model = await runtime.modelFor(account);
    const customer = isModel(model) ? model : null;
    const pending = results.filter((r) => !finished(r.status));
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const r = pending[next++]!;
        await repo.startResult(db, r.id);
        await publish('running', { scenarioId: r.scenarioId, scenarioStatus: 'running' });
        let outcome: {
          status: TestStatus;
          transcript: ResultRow['transcript'];
          expectations: ResultRow['expectations'];
          failure: ResultRow['failure'];
        };
        try {
          const copy = rec.copy as Copy;
          const conversation =
            r.spec.channel === 'voice' && r.spec.voiceMode !== 'text'
              ? await playCall(
                  runtime,
                  account,
                  copy,
                  r.spec,
                  customer,
                  enginesFor(voice, await voiceSettingsOf(db, account.id, copy)),
                  testCalls,
                )
              : await playScenario(runtime, account, copy, r.spec, customer);
          outcome = { transcript: conversation.transcript, ...(await judge(r.spec, conversation, customer)) };
        } catch (err) {
          log.warn({ err, runId, scenarioId: r.scenarioId }, 'agent test scenario failed to run');
          const reason = `The scenario could not run: ${(err as Error).message}`;
          outcome = { status: 'error', transcript: [], expectations: [], failure: { index: null, kind: 'error', reason } };
        }
        await repo.finishResult(db, r.id, outcome);
        await publish(
          'running',
          { scenarioId: r.scenarioId, scenarioStatus: outcome.status, reason: outcome.failure?.reason ?? null },
          () => {
            count.done++;
            if (outcome.status === 'passed') count.passed++;
            else count.failed++;
          },
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SCENARIOS, pending.length) }, worker));
    await publish(count.failed ? 'failed' : 'passed');
  }

  inbox.queue.register(RUN_JOB, async (payload: { runId: number }) => execute(payload.runId));

  async function readRun(ctx: AuthContext, runId: number): Promise<TestRun> {
    const run = await repo.run(db, ctx.acting.id, runId);
    if (!run) throw notFound('Test run not found.');
    return run;
  }

  async function chosen(ctx: AuthContext, ids: number[] | undefined) {
    const scenarios = await repo.scenarios(db, ctx.acting.id, ids);
    if (ids) {
      const missing = ids.find((id) => !scenarios.some((s) => s.id === id));
      if (missing != null) throw notFound('Scenario not found.');
    }
    if (!scenarios.length) throw badRequest('scenarioIds: Please write a scenario first.', 'scenarioIds');
    return scenarios;
  }

  return {
    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const [scenarios, last, requirePass, model] = await Promise.all([
        repo.scenarios(db, ctx.acting.id),
        repo.lastResults(db, ctx.acting.id),
        repo.requirePass(db, ctx.acting.id),
        runtime.modelFor(ctx.acting),
      ]);
      return {
        success: true as const,
        scenarios: await Promise.all(scenarios.map((s) => present(ctx, s, last.get(s.id)))),
        settings: { requirePassToPublish: requirePass },
        modelPlaysCustomer: isModel(model),
      };
    },

    async create(ctx: AuthContext, input: ScenarioInput) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const spec = validate(input);
      if ((await repo.scenarios(db, ctx.acting.id)).length >= MAX_SCENARIOS)
        throw ruleBroken(`An agent can have at most ${MAX_SCENARIOS} scenarios.`);
      const id = await repo.insertScenario(db, ctx.acting.id, spec);
      return { success: true as const, scenario: await present(ctx, (await repo.scenario(db, ctx.acting.id, id))!) };
    },

    async update(ctx: AuthContext, id: number, input: ScenarioInput) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await mustScenario(ctx, id);
      await repo.updateScenario(db, ctx.acting.id, id, validate(input));
      const s = (await repo.scenario(db, ctx.acting.id, id))!;
      return { success: true as const, scenario: await present(ctx, s, (await repo.lastResults(db, ctx.acting.id)).get(id)) };
    },

    async remove(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!(await repo.deleteScenario(db, ctx.acting.id, id))) throw notFound('Scenario not found.');
      return { success: true as const };
    },

    async setSettings(ctx: AuthContext, input: { requirePassToPublish: boolean }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      await repo.setRequirePass(db, ctx.acting.id, input.requirePassToPublish);
      return { success: true as const, settings: { requirePassToPublish: input.requirePassToPublish } };
    },

    /** Runs some scenarios (or all) against a copy, as a job; progress arrives as 'agent.test' events. */
    async run(ctx: AuthContext, input: { scenarioIds?: number[]; copy?: Copy }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const scenarios = await chosen(ctx, input.scenarioIds);
      const runId = await createRun(ctx, scenarios, input.copy ?? 'staging', 'manual', null, true);
      return { success: true as const, run: await readRun(ctx, runId) };
    },

    /** The same scenarios against staging and production, side by side (two runs sharing a compareId). */
    async compare(ctx: AuthContext, input: { scenarioIds?: number[] }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const scenarios = await chosen(ctx, input.scenarioIds);
      const compareId = crypto.randomUUID();
      const staging = await createRun(ctx, scenarios, 'staging', 'manual', compareId, true);
      const production = await createRun(ctx, scenarios, 'default', 'manual', compareId, true);
      return { success: true as const, compareId, staging: await readRun(ctx, staging), production: await readRun(ctx, production) };
    },

    async runs(ctx: AuthContext, f: { copy?: Copy; versionHash?: string; limit?: number }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, runs: await repo.runs(db, ctx.acting.id, { ...f, limit: f.limit ?? 20 }) };
    },

    async getRun(ctx: AuthContext, runId: number) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, run: await readRun(ctx, runId) };
    },

    /**
     * Before publishing (agents' port): when the agent requires passing tests, the suite must pass on
     * the staging copy as it is now. The newest run of this very version (all of today's scenarios,
     * none edited since) counts; otherwise the suite runs now. A failure refuses, naming the scenario.
     */
    async gate(ctx: AuthContext): Promise<void> {
      // Publishing checked this already; the gate checks again as every caller-taking method does.
      await deps.requireAccess(ctx, 'canEditOrg');
      if (!(await repo.requirePass(db, ctx.acting.id))) return;
      const scenarios = await repo.scenarios(db, ctx.acting.id);
      if (!scenarios.length)
        throw ruleBroken('Publishing needs the agent’s tests to pass, and it has none: write a scenario, or stop requiring tests.');
      const hash = versionHashOf(await agents.data(ctx.acting, 'staging'));
      const ids = scenarios.map((s) => s.id).sort((a, b) => a - b);
      const newestEdit = Math.max(...scenarios.map((s) => s.updatedAt));
      const [latest] = (await repo.runs(db, ctx.acting.id, { copy: 'staging', versionHash: hash, limit: 5 })).filter(
        (r) =>
          (r.status === 'passed' || r.status === 'failed') &&
          r.createdAt >= newestEdit &&
          JSON.stringify(r.results.map((x) => x.scenarioId).sort((a, b) => a - b)) === JSON.stringify(ids),
      );
      let run = latest;
      if (!run) {
        const runId = await createRun(ctx, scenarios, 'staging', 'publish', null, false);
        await execute(runId);
        run = await readRun(ctx, runId);
      }
      const bad = run.results.find((r) => r.status !== 'passed');
      if (bad)
        throw ruleBroken(`Not published: the test “${bad.scenarioName}” failed: ${bad.failure?.reason ?? 'it did not pass'}`, 'tests');
    },

    /** Runs a queued run now (tests). */
    execute,
  };
}

export type AgentTestsService = ReturnType<typeof createAgentTestsService>;
