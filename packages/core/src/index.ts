export * from './constants.ts';
export * from './rules/format.ts';
export * from './rules/permissions.ts';
export * from './contracts/common.ts';
export * from './contracts/accounts.ts';
