import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { agentTestRoutes } from './routes.ts';

export { createAgentTestsService } from './service.ts';
export type { AgentTestsService } from './service.ts';
export type { AgentTestsTables } from './tables.ts';

/** Agent test suites: scenarios a simulated customer plays against an agent, runs, and the publish gate. */
export const agentTestsModule: ServerModule<Services> = { name: 'agenttests', register: agentTestRoutes };
