import type { ExpectationResult, ScenarioResult, TestRun, TestScenario, TestStatus, TranscriptTurn } from '@switchboard/core';
import { scenarioInput } from '@switchboard/core';
import type { z } from 'zod';
import { fromJson, isSet, toFlag, toJson } from '../../platform/db/columns.ts';
import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { AgentTestResultsTable, AgentTestRunsTable } from './tables.ts';

/** A scenario as stored (the validated input). */
export type ScenarioSpec = z.output<typeof scenarioInput>;

export interface ScenarioRow {
  id: number;
  accountId: number;
  spec: ScenarioSpec;
  createdAt: number;
  updatedAt: number;
}

const SCENARIO_COLS = ['id', 'account_id', 'name', 'spec', 'created_at', 'updated_at'] as const;
const toScenario = (r: { id: number; account_id: number; name: string; spec: unknown; created_at: number; updated_at: number }) => ({
  id: r.id,
  accountId: r.account_id,
  spec: { ...scenarioInput.parse({ name: r.name, ...fromJson<object>(r.spec, {}) }), name: r.name },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const RUN_COLS = [
  'id',
  'account_id',
  'copy',
  'version_hash',
  'compare_id',
  'trigger',
  'status',
  'total',
  'created_at',
  'finished_at',
] as const;
const RESULT_COLS = [
  'id',
  'run_id',
  'scenario_id',
  'scenario_name',
  'channel',
  'spec',
  'status',
  'transcript',
  'expectations',
  'failure',
  'started_at',
  'finished_at',
] as const;

/** The selected columns of a run and a result (the tables' own types, less what is not read). */
type RunRecord = Omit<Selectable<AgentTestRunsTable>, 'created_by'>;
type ResultRecord = Omit<Selectable<AgentTestResultsTable>, 'account_id'>;

export interface ResultRow extends ScenarioResult {
  id: number;
  runId: number;
  spec: ScenarioSpec;
}

const toResult = (r: ResultRecord): ResultRow => ({
  id: r.id,
  runId: r.run_id,
  scenarioId: r.scenario_id,
  scenarioName: r.scenario_name,
  channel: r.channel as ScenarioResult['channel'],
  spec: fromJson<ScenarioSpec>(r.spec, scenarioInput.parse({ name: r.scenario_name, openingMessage: '' })),
  status: r.status as TestStatus,
  transcript: fromJson<TranscriptTurn[]>(r.transcript, []),
  expectations: fromJson<ExpectationResult[]>(r.expectations, []),
  failure: fromJson<ScenarioResult['failure']>(r.failure, null),
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

const publicResult = ({ id: _i, runId: _r, spec: _s, ...rest }: ResultRow): ScenarioResult => rest;

function toRun(r: RunRecord, results: ResultRow[]): TestRun {
  return {
    id: r.id,
    agentId: r.account_id,
    copy: r.copy as TestRun['copy'],
    versionHash: r.version_hash,
    compareId: r.compare_id,
    trigger: r.trigger as TestRun['trigger'],
    status: r.status as TestStatus,
    total: r.total,
    passed: results.filter((x) => x.status === 'passed').length,
    failed: results.filter((x) => x.status === 'failed' || x.status === 'error').length,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    results: results.map(publicResult),
  };
}

/** Scenarios, runs and results of agent test suites. Every query is scoped by the agent account. */
export const agentTestsRepository = {
  async scenarios(db: DbOrTx, accountId: number, ids?: number[]): Promise<ScenarioRow[]> {
    let q = db.selectFrom('agent_test_scenarios').select(SCENARIO_COLS).where('account_id', '=', accountId);
    if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
    return (await q.orderBy('id').execute()).map(toScenario);
  },

  async scenario(db: DbOrTx, accountId: number, id: number): Promise<ScenarioRow | undefined> {
    const r = await db
      .selectFrom('agent_test_scenarios')
      .select(SCENARIO_COLS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toScenario(r) : undefined;
  },

  async insertScenario(db: DbOrTx, accountId: number, spec: ScenarioSpec): Promise<number> {
    const now = Date.now();
    const { name, ...rest } = spec;
    const r = await db
      .insertInto('agent_test_scenarios')
      .values({ account_id: accountId, name, spec: toJson(rest), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async updateScenario(db: DbOrTx, accountId: number, id: number, spec: ScenarioSpec): Promise<boolean> {
    const { name, ...rest } = spec;
    const r = await db
      .updateTable('agent_test_scenarios')
      .set({ name, spec: toJson(rest), updated_at: Date.now() })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async deleteScenario(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
    const r = await db.deleteFrom('agent_test_scenarios').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** The newest finished (or running) result of each scenario. */
  async lastResults(db: DbOrTx, accountId: number): Promise<Map<number, ResultRow>> {
    const rows = await db
      .selectFrom('agent_test_results')
      .select(RESULT_COLS)
      .where('account_id', '=', accountId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('agent_test_results')
          .select((e) => e.fn.max('id').as('id'))
          .where('account_id', '=', accountId)
          .groupBy('scenario_id'),
      )
      .execute();
    return new Map(rows.map((r) => [r.scenario_id, toResult(r)]));
  },

  async insertRun(
    db: DbOrTx,
    accountId: number,
    run: { copy: string; versionHash: string; compareId: string | null; trigger: string; createdBy: number | null },
    scenarios: ScenarioRow[],
  ): Promise<number> {
    const now = Date.now();
    const r = await db
      .insertInto('agent_test_runs')
      .values({
        account_id: accountId,
        copy: run.copy,
        version_hash: run.versionHash,
        compare_id: run.compareId,
        trigger: run.trigger,
        status: 'queued',
        total: scenarios.length,
        created_by: run.createdBy,
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (scenarios.length)
      await db
        .insertInto('agent_test_results')
        .values(
          scenarios.map((s) => ({
            run_id: r.id,
            account_id: accountId,
            scenario_id: s.id,
            scenario_name: s.spec.name,
            channel: s.spec.channel,
            spec: toJson(s.spec),
            status: 'queued',
            transcript: toJson([]),
            expectations: toJson([]),
            failure: toJson(null),
            started_at: null,
            finished_at: null,
          })),
        )
        .execute();
    return r.id;
  },

  async runRecord(db: DbOrTx, runId: number): Promise<RunRecord | undefined> {
    return db.selectFrom('agent_test_runs').select(RUN_COLS).where('id', '=', runId).executeTakeFirst();
  },

  async results(db: DbOrTx, runId: number): Promise<ResultRow[]> {
    return (await db.selectFrom('agent_test_results').select(RESULT_COLS).where('run_id', '=', runId).orderBy('id').execute()).map(
      toResult,
    );
  },

  async run(db: DbOrTx, accountId: number, runId: number): Promise<TestRun | undefined> {
    const r = await db
      .selectFrom('agent_test_runs')
      .select(RUN_COLS)
      .where('account_id', '=', accountId)
      .where('id', '=', runId)
      .executeTakeFirst();
    return r ? toRun(r, await this.results(db, r.id)) : undefined;
  },

  async runs(db: DbOrTx, accountId: number, f: { copy?: string; versionHash?: string; limit: number }): Promise<TestRun[]> {
    let q = db.selectFrom('agent_test_runs').select(RUN_COLS).where('account_id', '=', accountId);
    if (f.copy) q = q.where('copy', '=', f.copy);
    if (f.versionHash) q = q.where('version_hash', '=', f.versionHash);
    const rows = await q.orderBy('id', 'desc').limit(f.limit).execute();
    if (!rows.length) return [];
    const all = (
      await db
        .selectFrom('agent_test_results')
        .select(RESULT_COLS)
        .where(
          'run_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    ).map(toResult);
    return rows.map((r) =>
      toRun(
        r,
        all.filter((x) => x.runId === r.id),
      ),
    );
  },

  async setRunStatus(db: DbOrTx, runId: number, status: TestStatus, finished: boolean): Promise<void> {
    await db
      .updateTable('agent_test_runs')
      .set({ status, ...(finished ? { finished_at: Date.now() } : {}) })
      .where('id', '=', runId)
      .execute();
  },

  async startResult(db: DbOrTx, id: number): Promise<void> {
    await db.updateTable('agent_test_results').set({ status: 'running', started_at: Date.now() }).where('id', '=', id).execute();
  },

  async finishResult(
    db: DbOrTx,
    id: number,
    r: { status: TestStatus; transcript: TranscriptTurn[]; expectations: ExpectationResult[]; failure: ScenarioResult['failure'] },
  ): Promise<void> {
    await db
      .updateTable('agent_test_results')
      .set({
        status: r.status,
        transcript: toJson(r.transcript),
        expectations: toJson(r.expectations),
        failure: toJson(r.failure),
        finished_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  },

  async requirePass(db: DbOrTx, accountId: number): Promise<boolean> {
    const r = await db.selectFrom('agent_test_settings').select('require_pass').where('account_id', '=', accountId).executeTakeFirst();
    return r ? isSet(r.require_pass) : false;
  },

  async setRequirePass(db: DbOrTx, accountId: number, on: boolean): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('agent_test_settings')
      .values({ account_id: accountId, require_pass: toFlag(on), updated_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ require_pass: toFlag(on), updated_at: now }))
      .execute();
  },
};

export type { TestScenario };
