import type { Kysely } from 'kysely';
import { flag, jsonType, withId } from '../columns.ts';

/**
 * Agent test suites (modules/agenttests): scenarios per agent, runs per agent version (copy and a
 * fingerprint of its configuration), one result per scenario and run with its transcript, and the
 * agent's setting that publishing needs a passing suite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('agent_test_scenarios'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec', jsonType(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_test_scenarios_account').on('agent_test_scenarios').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('agent_test_runs'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('copy', 'varchar(16)', (c) => c.notNull())
    .addColumn('version_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('compare_id', 'varchar(64)')
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('agent_test_runs_account').on('agent_test_runs').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('agent_test_results'))
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('scenario_id', 'integer', (c) => c.notNull())
    .addColumn('scenario_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('spec', jsonType(db), (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('transcript', jsonType(db))
    .addColumn('expectations', jsonType(db))
    .addColumn('failure', jsonType(db))
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('agent_test_results_run').on('agent_test_results').columns(['run_id', 'scenario_id']).unique().execute();
  await db.schema.createIndex('agent_test_results_scenario').on('agent_test_results').columns(['scenario_id', 'id']).execute();

  await db.schema
    .createTable('agent_test_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('require_pass', 'integer', flag)
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['agent_test_settings', 'agent_test_results', 'agent_test_runs', 'agent_test_scenarios'])
    await db.schema.dropTable(t).ifExists().execute();
}
