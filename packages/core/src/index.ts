export * from './constants.ts';
export * from './rules/format.ts';
export * from './rules/permissions.ts';
export * from './contracts/common.ts';
export * from './contracts/accounts.ts';
export * from './rules/templates.ts';
export * from './rules/campaign.ts';
export * from './contracts/agents.ts';
