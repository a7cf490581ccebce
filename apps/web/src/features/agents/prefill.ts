import type { AgentTemplate } from '@switchboard/core/contracts/agents';

/** Template answers the app already knows: the business name is the account's display name. */
export function prefilledFields(
  template: Pick<AgentTemplate, 'templateFields'>,
  account: { displayName?: string | null } | undefined,
): Record<string, string> {
  const name = account?.displayName?.trim();
  if (!name || !template.templateFields.some((f) => f.name === 'businessName')) return {};
  return { businessName: name };
}
