/** An account type in words. */
export const typeLabel: Record<string, string> = {
  partner: 'Partner',
  reseller: 'Reseller',
  organization: 'Organization',
  agent: 'Agent',
  user: 'User',
};
