import {
  idParam,
  scenarioInput,
  TEST_COPIES,
  testCompareResponse,
  testRunResponse,
  testRunsResponse,
  testScenarioResponse,
  testSettingsResponse,
  testSuiteResponse,
} from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['agent tests'];
const actingTypes = ['organization', 'agent'] as ('organization' | 'agent')[];
const scenarioIds = z.array(idParam).min(1).max(50).optional();

/** /api/v2/agent/tests…: the acting agent's (targetAccountId) test suite, its runs and its publish setting. */
export function agentTestRoutes(app: FastifyInstance, s: Services) {
  const tests = s.agentTests;

  route(app, {
    method: 'GET',
    url: '/api/v2/agent/tests',
    summary: 'The agent’s test scenarios with their latest result, and its publish setting',
    tags,
    actingTypes,
    response: testSuiteResponse,
    handler: (req) => tests.list(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/tests',
    summary: 'Write a scenario: a simulated customer (persona, goal, opening message, turns) and expectations',
    tags,
    actingTypes,
    body: withAuthParams(scenarioInput.shape),
    response: testScenarioResponse,
    handler: (req) => tests.create(authOf(req), scenarioInput.parse(req.body)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/v2/agent/tests/:scenarioId',
    summary: 'Replace a scenario',
    tags,
    actingTypes,
    params: z.object({ scenarioId: idParam }),
    body: withAuthParams(scenarioInput.shape),
    response: testScenarioResponse,
    handler: (req) => tests.update(authOf(req), req.params.scenarioId, scenarioInput.parse(req.body)),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/agent/tests/:scenarioId',
    summary: 'Delete a scenario (its past results stay in their runs)',
    tags,
    actingTypes,
    params: z.object({ scenarioId: idParam }),
    response: ok,
    handler: (req) => tests.remove(authOf(req), req.params.scenarioId),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/tests/settings',
    summary: 'Whether publishing requires the test suite to pass',
    tags,
    actingTypes,
    body: withAuthParams({ requirePassToPublish: z.boolean() }),
    response: testSettingsResponse,
    handler: (req) => tests.setSettings(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/tests/run',
    summary: 'Run scenarios (all when scenarioIds is left out) against staging or production, as a job with live progress',
    tags,
    actingTypes,
    body: withAuthParams({ scenarioIds, copy: z.enum(TEST_COPIES).optional() }).nullish(),
    response: testRunResponse,
    handler: (req) => tests.run(authOf(req), req.body ?? {}),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/tests/compare',
    summary: 'Run the same scenarios against staging and production side by side',
    tags,
    actingTypes,
    body: withAuthParams({ scenarioIds }).nullish(),
    response: testCompareResponse,
    handler: (req) => tests.compare(authOf(req), req.body ?? {}),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/agent/tests/runs',
    summary: 'Runs, newest first, with their results and transcripts (filter by copy or agent version)',
    tags,
    actingTypes,
    query: withAuthParams({
      copy: z.enum(TEST_COPIES).optional(),
      versionHash: z
        .string()
        .regex(/^[0-9a-f]{16}$/, 'must be a version fingerprint')
        .optional(),
      limit: z.coerce.number().int().min(1).max(50).optional(),
    }),
    response: testRunsResponse,
    handler: (req) => tests.runs(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/agent/tests/runs/:runId',
    summary: 'One run: each scenario’s status, transcript and the failing expectation',
    tags,
    actingTypes,
    params: z.object({ runId: idParam }),
    response: testRunResponse,
    handler: (req) => tests.getRun(authOf(req), req.params.runId),
  });
}
