/** What other features use of integrations: the catalog (the agent's integrations overlay shows it). */
export { IntegrationCatalog } from './components/IntegrationCatalog.tsx';
export { zapSetupUrl, zapTool } from './zap.ts';
