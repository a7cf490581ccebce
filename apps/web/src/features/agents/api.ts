import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentTemplate,
  AgentVersion,
  AppDefinition,
  Campaign,
  FunctionCall,
  ModelConnectionInput,
  ModelStatus,
  ModelTestResult,
} from '@switchboard/core/contracts/agents';
import type { ScenarioInput, TestProgress, TestRun, TestScenario, TestSettings } from '@switchboard/core/contracts/agentTests';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { getToken } from '../../api/session.ts';
import { tgt } from '../accounts/api.ts';

/**
 * One query hook per agent resource. Every call names its acting account (`target`: the account id
 * the /app path opens, or null for the signed-in account).
 */
export interface CampaignRead {
  success: true;
  campaign: Campaign;
  replaceTemplateVars: boolean;
  templateReplacement: boolean;
  template: AgentTemplate | null;
  hasUnpublishedChanges: boolean;
}

export const agentKeys = {
  all: ['agents'] as const,
  campaign: (target: number | null, copy: 'staging' | 'default', force = false) =>
    ['agents', 'campaign', target ?? 'self', copy, force] as const,
  templates: (target: number | null) => ['agents', 'templates', target ?? 'self'] as const,
  apps: (target: number | null) => ['agents', 'apps', target ?? 'self'] as const,
  versions: (id: number) => ['agents', 'versions', id] as const,
  template: (templateId: string) => ['agents', 'template', templateId] as const,
  model: (target: number | null) => ['agents', 'model', target ?? 'self'] as const,
};

export function useCampaign(
  target: number | null,
  copy: 'staging' | 'default' = 'staging',
  forceReplaceTemplateVars = false,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: agentKeys.campaign(target, copy, forceReplaceTemplateVars),
    queryFn: ({ signal }) =>
      api<CampaignRead>(`/api/v2/agentEventRules/${copy}`, {
        target: tgt(target),
        signal,
        query: forceReplaceTemplateVars ? { forceReplaceTemplateVars: true } : {},
      }),
    staleTime: 0,
  });
}

export function useTemplates(target: number | null) {
  return useQuery({
    queryKey: agentKeys.templates(target),
    queryFn: ({ signal }) => api<{ templates: AgentTemplate[] }>('/api/v2/templates', { target: tgt(target), signal }),
    staleTime: 60_000,
  });
}

export function useApps(target: number | null) {
  return useQuery({
    queryKey: agentKeys.apps(target),
    queryFn: ({ signal }) => api<{ apps: AppDefinition[] }>('/api/v2/apps', { target: tgt(target), signal }),
    staleTime: 60_000,
  });
}

export function useVersions(agentId: number | null) {
  return useQuery({
    queryKey: agentKeys.versions(agentId ?? 0),
    queryFn: ({ signal }) =>
      api<{ versions: AgentVersion[] }>(`/api/v2/agent/${agentId}/versions`, {
        target: tgt(agentId),
        signal,
        query: { includeData: true },
      }),
    enabled: agentId != null,
  });
}

/** Refetches everything about agents after a change. */
export function useInvalidateAgents() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: agentKeys.all });
}

export interface RunPromptResult {
  success: true;
  response: string;
  functionCalls: FunctionCall[];
  provider: string;
}

export function useRunPrompt(target: number | null) {
  return useMutation({
    mutationFn: (input: { promptText: string; history: { role: 'user' | 'assistant'; content: string }[]; targetAgent: number | string }) =>
      api<RunPromptResult>('/api/v1/agent/runPrompt', { target: tgt(target), body: input }),
  });
}

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** POST /api/v2/detachAgentFromTemplate: both copies keep today's text and stop following the template. */
function detachFromTemplate(target: number | null) {
  return api('/api/v2/detachAgentFromTemplate', { target: tgt(target), body: {} });
}

/** Versions of an agent (the agent's id is also the acting account). */
const versionCalls = {
  create: (agentId: number, title: string | undefined, source: 'staging' | 'default') =>
    api(`/api/v2/agent/${agentId}/versions`, { target: tgt(agentId), body: { title, source } }),
  restore: (agentId: number, id: number) =>
    api(`/api/v2/agent/${agentId}/versions/${id}/restore`, { target: tgt(agentId), body: { target: 'staging' } }),
  rename: (agentId: number, id: number, title: string) =>
    api(`/api/v2/agent/${agentId}/versions/${id}/title`, { method: 'PUT', target: tgt(agentId), body: { title } }),
};

/** Stores the getting-started checklist in the account's settings.walkthrough. */
function saveWalkthrough(target: number | null, walkthrough: unknown) {
  return api('/api/v1/accountSetting', { target: tgt(target), body: { settings: { walkthrough } } });
}

type T = number | null;
/** The other calls of the agent screens (the wizard, templates, integrations), by what they do. */
const agentCalls = {
  saveOnboarding: (target: T, onboarding: unknown) =>
    api('/api/v1/accountSetting', { target: tgt(target), body: { settings: { onboarding } } }),
  saveCampaign: (target: T, body: Record<string, unknown>) => api('/api/v2/campaign', { target: tgt(target), body }),
  publish: (target: T) => api('/api/v2/agent/publish', { target: tgt(target), body: {} }),
  generateInstructions: (target: T, description: string, businessName: string | undefined) =>
    api<{ agentInstructions: string }>('/api/v2/agent/generate', { target: tgt(target), body: { description, businessName } }),
  createFromTemplate: (target: T, templateId: string | null, templateFields: unknown) =>
    api('/api/v2/createAgentFromTemplate', { target: tgt(target), body: { templateId, templateFields } }),
  renameTemplate: (target: T, templateId: string, name: string) =>
    api(`/api/v2/templates/${templateId}`, { target: tgt(target), body: { name } }),
  saveAppAuth: (target: T, appId: string, appVersion: string, auth: unknown) =>
    api(`/api/v2/apps/${appId}/${appVersion}`, { target: tgt(target), body: { app: { dependencies: { providers: { auth } } } } }),
  readIntegration: (target: T, slug: string) =>
    api<{ connected: boolean; appData: Record<string, unknown> }>(`/api/v2/integration/${slug}`, { target: tgt(target) }),
  saveIntegration: (target: T, slug: string, appData: Record<string, unknown>) =>
    api(`/api/v2/integration/${slug}`, { target: tgt(target), body: { appData } }),
};

/** Which mode customers meet (a language model, or taking messages without one) and the organization's connection. */
export function useModelStatus(target: number | null) {
  return useQuery({
    queryKey: agentKeys.model(target),
    queryFn: ({ signal }) => api<ModelStatus>('/api/v2/agent/model', { target: tgt(target), signal }),
    staleTime: 30_000,
  });
}

export function useModelConnection(target: number | null) {
  const qc = useQueryClient();
  const refresh = (s: ModelStatus) => qc.setQueryData(agentKeys.model(target), s);
  return {
    test: useMutation({
      mutationFn: (input: ModelConnectionInput) => api<ModelTestResult>('/api/v2/agent/model/test', { target: tgt(target), body: input }),
    }),
    save: useMutation({
      mutationFn: (input: ModelConnectionInput) => api<ModelStatus>('/api/v2/agent/model', { target: tgt(target), body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api<ModelStatus>('/api/v2/agent/model/remove', { target: tgt(target), body: {} }),
      onSuccess: refresh,
    }),
  };
}

/** One template (the editor works on its text when it edits a template instead of an agent). */
export function useTemplate(target: number | null, templateId: string | null | undefined) {
  return useQuery({
    queryKey: agentKeys.template(templateId ?? ''),
    queryFn: ({ signal }) => api<{ template: AgentTemplate }>(`/api/v2/templates/${templateId}`, { target: tgt(target), signal }),
    enabled: Boolean(templateId),
  });
}

/**
 * The agent screens' changes, each a mutation the screen awaits (`mutateAsync`), keeping its own busy
 * and error state; the screen refreshes what it shows (useInvalidateAgents) where it did before.
 */
const useCall = <V, R>(fn: (v: V) => Promise<R>) => useMutation({ mutationFn: fn });

export const useDetachFromTemplate = (target: number | null) => useCall(() => detachFromTemplate(target));
export function useVersionActions(agentId: number) {
  return {
    create: useCall((v: { title: string | undefined; source: 'staging' | 'default' }) => versionCalls.create(agentId, v.title, v.source)),
    restore: useCall((id: number) => versionCalls.restore(agentId, id)),
    rename: useCall((v: { id: number; title: string }) => versionCalls.rename(agentId, v.id, v.title)),
  };
}
export const useSaveWalkthrough = (target: number | null) => useCall((walkthrough: unknown) => saveWalkthrough(target, walkthrough));
/** The onboarding state into settings.onboarding (the acting account travels with it: the wizard's saver outlives a render). */
export const useSaveOnboarding = () =>
  useCall((v: { target: number | null; onboarding: unknown }) => agentCalls.saveOnboarding(v.target, v.onboarding));
export const useSaveCampaign = (target: number | null) => useCall((body: Record<string, unknown>) => agentCalls.saveCampaign(target, body));
/** Saves fields of the agent, then refetches everything about agents. */
export function useSaveAgentFields(target: number | null) {
  const invalidate = useInvalidateAgents();
  return useCall(async (body: Record<string, unknown>) => {
    await agentCalls.saveCampaign(target, body);
    await invalidate();
  });
}
export const usePublishAgent = (target: number | null) => useCall(() => agentCalls.publish(target));
export const useGenerateInstructions = (target: number | null) =>
  useCall((v: { description: string; businessName: string | undefined }) =>
    agentCalls.generateInstructions(target, v.description, v.businessName),
  );
export const useCreateFromTemplate = (target: number | null) =>
  useCall((v: { templateId: string | null; templateFields: unknown }) =>
    agentCalls.createFromTemplate(target, v.templateId, v.templateFields),
  );
export const useRenameTemplate = (target: number | null) =>
  useCall((v: { templateId: string; name: string }) => agentCalls.renameTemplate(target, v.templateId, v.name));
export const useSaveAppAuth = (target: number | null) =>
  useCall((v: { appId: string; appVersion: string; auth: unknown }) => agentCalls.saveAppAuth(target, v.appId, v.appVersion, v.auth));
export const useSaveIntegration = (target: number | null) =>
  useCall((v: { slug: string; appData: Record<string, unknown> }) => agentCalls.saveIntegration(target, v.slug, v.appData));

/** The template fields the agent editor saves when it edits a template instead of an agent. */
export type TemplateTextInput = Pick<AgentTemplate, 'agentInstructions' | 'greeting' | 'apps' | 'enabledFunctions' | 'published'>;

/**
 * The agent editor's saves (useAgentEditor), plain calls it awaits and whose failures it words itself:
 * the target template's text, the staging copy (also put into the cached staging copy the editor
 * reads), publish, revert, and a refetch of everything about agents.
 */
export function useAgentEditorCalls(target: number | null, forceReplaceTemplateVars: boolean) {
  const qc = useQueryClient();
  return useMemo(
    () => ({
      saveTemplate: (templateId: string, body: TemplateTextInput) => api(`/api/v2/templates/${templateId}`, { target: tgt(target), body }),
      saveStaging: async (body: Partial<Campaign>) => {
        const res = await api<{ campaign: Campaign }>('/api/v2/campaign', { target: tgt(target), body });
        qc.setQueryData(agentKeys.campaign(target, 'staging', forceReplaceTemplateVars), (old: unknown) =>
          old ? { ...(old as object), campaign: res.campaign, hasUnpublishedChanges: true } : old,
        );
      },
      publish: () => agentCalls.publish(target),
      revert: () => api('/api/v2/agent/revert', { target: tgt(target), body: {} }),
      refreshAgents: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
    }),
    [qc, target, forceReplaceTemplateVars],
  );
}

/** The agent's test suite: scenarios, runs and the publish setting (/api/v2/agent/tests…). */
export const testKeys = {
  suite: (target: number | null) => ['agents', 'tests', target ?? 'self'] as const,
  run: (target: number | null, runId: number) => ['agents', 'tests', target ?? 'self', 'run', runId] as const,
  runs: (target: number | null) => ['agents', 'tests', target ?? 'self', 'runs'] as const,
};

export function useTestSuite(target: number | null) {
  return useQuery({
    queryKey: testKeys.suite(target),
    queryFn: ({ signal }) =>
      api<{ scenarios: TestScenario[]; settings: TestSettings; modelPlaysCustomer: boolean }>('/api/v2/agent/tests', {
        target: tgt(target),
        signal,
      }),
  });
}

/** One run; polled while it is queued or running (the live socket updates it sooner). */
export function useTestRun(target: number | null, runId: number | null) {
  return useQuery({
    enabled: runId != null,
    queryKey: testKeys.run(target, runId ?? 0),
    queryFn: ({ signal }) => api<{ run: TestRun }>(`/api/v2/agent/tests/runs/${runId}`, { target: tgt(target), signal }),
    refetchInterval: (q) => (q.state.data && !['queued', 'running'].includes(q.state.data.run.status) ? false : 2000),
  });
}

export function useLatestRun(target: number | null) {
  return useQuery({
    queryKey: testKeys.runs(target),
    queryFn: ({ signal }) => api<{ runs: TestRun[] }>('/api/v2/agent/tests/runs', { target: tgt(target), signal, query: { limit: 1 } }),
  });
}

const testCalls = {
  create: (target: T, body: ScenarioInput) => api<{ scenario: TestScenario }>('/api/v2/agent/tests', { target: tgt(target), body }),
  update: (target: T, id: number, body: ScenarioInput) =>
    api<{ scenario: TestScenario }>(`/api/v2/agent/tests/${id}`, { method: 'PUT', target: tgt(target), body }),
  remove: (target: T, id: number) => api(`/api/v2/agent/tests/${id}`, { method: 'DELETE', target: tgt(target) }),
  run: (target: T, scenarioIds?: number[]) =>
    api<{ run: TestRun }>('/api/v2/agent/tests/run', { target: tgt(target), body: scenarioIds ? { scenarioIds } : {} }),
  compare: (target: T) =>
    api<{ compareId: string; staging: TestRun; production: TestRun }>('/api/v2/agent/tests/compare', { target: tgt(target), body: {} }),
  settings: (target: T, requirePassToPublish: boolean) =>
    api<{ settings: TestSettings }>('/api/v2/agent/tests/settings', { target: tgt(target), body: { requirePassToPublish } }),
};

/**
 * The test suite's changes, each a mutation the screen awaits; each refreshes the suite (a run also
 * seeds its own query, so the result shows before the first poll).
 */
export function useTestActions(target: number | null) {
  const qc = useQueryClient();
  const refreshSuite = () => qc.invalidateQueries({ queryKey: testKeys.suite(target) });
  return {
    create: useCall(async (body: ScenarioInput) => (await testCalls.create(target, body), await refreshSuite())),
    update: useCall(async (v: { id: number; body: ScenarioInput }) => (await testCalls.update(target, v.id, v.body), await refreshSuite())),
    remove: useCall(async (id: number) => (await testCalls.remove(target, id), await refreshSuite())),
    settings: useCall(
      async (requirePassToPublish: boolean) => (await testCalls.settings(target, requirePassToPublish), await refreshSuite()),
    ),
    run: useCall(async (scenarioIds: number[] | undefined) => {
      const r = await testCalls.run(target, scenarioIds);
      qc.setQueryData(testKeys.run(target, r.run.id), { success: true, run: r.run });
      return r;
    }),
    /** The whole suite against the draft and the published agent at once (two runs, seeded like a run). */
    compare: useCall(async () => {
      const r = await testCalls.compare(target);
      for (const run of [r.staging, r.production]) qc.setQueryData(testKeys.run(target, run.id), { success: true, run });
      return r;
    }),
    /** Refetches the suite (after a change made elsewhere, as a saved scenario form). */
    refreshSuite,
  };
}

/**
 * Live progress of test runs: the staff socket's 'agent.test' events for this agent, as they arrive.
 * Each event refreshes the run it is about (and the suite once a run ends).
 */
export function useTestProgress(target: number | null, agentId: number) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<Record<number, TestProgress>>({});
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let stopped = false;
    let ws: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      if (stopped) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${proto}://${location.host}/api/v1/ws?token=${encodeURIComponent(token)}&targetAccountId=${agentId}`);
      ws.onmessage = (msg) => {
        const e = JSON.parse(String(msg.data)) as { type: string; payload?: TestProgress };
        if (e.type !== 'agent.test' || !e.payload || e.payload.agentId !== agentId) return;
        const p = e.payload;
        setProgress((all) => ({ ...all, [p.runId]: p }));
        if (p.scenarioStatus !== 'running') void qc.invalidateQueries({ queryKey: testKeys.run(target, p.runId) });
        if (p.scenarioId == null && !['queued', 'running'].includes(p.status))
          void qc.invalidateQueries({ queryKey: testKeys.suite(target) });
      };
      ws.onclose = () => {
        if (!stopped) retry = setTimeout(open, 3000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, [agentId, target, qc]);
  return progress;
}
