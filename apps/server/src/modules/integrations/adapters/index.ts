import { freshdeskAdapter } from './freshdesk.ts';
import { hubspotAdapter } from './hubspot.ts';
import type { IntegrationAdapter } from './http.ts';
import { jobsAdapter } from './jobs.ts';
import { slackAdapter } from './slack.ts';

export { IntegrationCallError } from './http.ts';
export type { AdapterContext, CheckResult, IntegrationAdapter } from './http.ts';

/** The adapter of each catalog integration (packages/core contracts/integrations.ts). */
export const ADAPTERS: Record<string, IntegrationAdapter> = {
  slack: slackAdapter,
  hubspot: hubspotAdapter,
  freshdesk: freshdeskAdapter,
  jobs: jobsAdapter,
};
