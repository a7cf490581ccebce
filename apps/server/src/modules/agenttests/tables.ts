import type { Generated } from 'kysely';

export interface AgentTestScenariosTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** The scenario as core's `scenarioInput` (persona, goal, turns, channel, expectations). */
  spec: unknown;
  created_at: number;
  updated_at: number;
}

export interface AgentTestRunsTable {
  id: Generated<number>;
  account_id: number;
  copy: string;
  version_hash: string;
  compare_id: string | null;
  trigger: string;
  status: string;
  total: number;
  created_by: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface AgentTestResultsTable {
  id: Generated<number>;
  run_id: number;
  account_id: number;
  scenario_id: number;
  scenario_name: string;
  channel: string;
  /** The scenario as it was when the run started (a later edit does not change what ran). */
  spec: unknown;
  status: string;
  transcript: unknown;
  expectations: unknown;
  failure: unknown;
  started_at: number | null;
  finished_at: number | null;
}

export interface AgentTestSettingsTable {
  account_id: number;
  require_pass: number;
  updated_at: number;
}

export interface AgentTestsTables {
  agent_test_scenarios: AgentTestScenariosTable;
  agent_test_runs: AgentTestRunsTable;
  agent_test_results: AgentTestResultsTable;
  agent_test_settings: AgentTestSettingsTable;
}
