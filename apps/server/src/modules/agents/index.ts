import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { agentRoutes } from './routes.ts';
import type { DbOrTx } from '../../db.ts';
import { campaignsRepository, defaultCampaign, type Copy } from './repository.ts';

export { authForAccount } from './access.ts';
export { createAgentDomain } from './domain.ts';
export { defaultCampaign, normalizeCampaign } from './repository.ts';
export type { Copy } from './repository.ts';
export { createAgentRuntime } from './runtime.ts';
export type { AnalysisAction, AnalysisInput, AnalysisResult, AnalysisTurn } from './analysis.ts';
export type { AgentRuntime } from './runtime.ts';
export type { FunctionCallRecord } from './functionCalls.ts';
export type { RespondInput } from './turnRequest.ts';
export type { VoiceControl } from './voiceTools.ts';
export type { AgentsService, BeforePublish } from './service.ts';
export type { AgentsTables } from './tables.ts';

export const agentsModule: ServerModule<Services> = { name: 'agents', register: agentRoutes };

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const putCampaign = campaignsRepository.put.bind(campaignsRepository);

/** An agent's call settings (engines, voice, voice activity) from its staging copy (test calls) or production. */
export async function voiceSettingsOf(db: DbOrTx, accountId: number, copy: Copy) {
  const c = (await campaignsRepository.get(db, accountId, copy))?.data ?? defaultCampaign();
  return { ...c.voiceSettings, voice: c.voice, language: c.language };
}
