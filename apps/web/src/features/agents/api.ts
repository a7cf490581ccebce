import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentTemplate, AgentVersion, AppDefinition, Campaign, FunctionCall } from '@switchboard/core/contracts/agents';
import { api } from '../../api/client.ts';
import { tgt } from '../accounts/hooks.ts';

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
  campaign: (target: number | null, copy: 'staging' | 'default', force = false) => ['agents', 'campaign', target ?? 'self', copy, force] as const,
  templates: (target: number | null) => ['agents', 'templates', target ?? 'self'] as const,
  apps: (target: number | null) => ['agents', 'apps', target ?? 'self'] as const,
  versions: (id: number) => ['agents', 'versions', id] as const,
};

export function useCampaign(target: number | null, copy: 'staging' | 'default' = 'staging', forceReplaceTemplateVars = false, enabled = true) {
  return useQuery({
    enabled,
    queryKey: agentKeys.campaign(target, copy, forceReplaceTemplateVars),
    queryFn: ({ signal }) =>
      api<CampaignRead>(`/api/v2/agentEventRules/${copy}`, { target: tgt(target), signal, query: forceReplaceTemplateVars ? { forceReplaceTemplateVars: true } : {} }),
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
    queryFn: ({ signal }) => api<{ versions: AgentVersion[] }>(`/api/v2/agent/${agentId}/versions`, { target: tgt(agentId), signal, query: { includeData: true } }),
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
