export interface IntegrationsTable {
  account_id: number;
  slug: string;
  app_data: unknown;
  updated_at: number;
}

export interface IntegrationsTables {
  integrations: IntegrationsTable;
}
