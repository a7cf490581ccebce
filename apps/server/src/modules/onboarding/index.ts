// Onboarding has no server code of its own yet: its state machine is packages/core/src/rules/onboarding.ts
// and its routes are the accounts module's; onboarding.test.ts checks them end to end.
export {};
