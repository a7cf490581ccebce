export interface AgentTemplatesTable {
  id: string;
  owner_account_id: number;
  name: string;
  data: unknown;
  published: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface TemplatesTables {
  agent_templates: AgentTemplatesTable;
}
